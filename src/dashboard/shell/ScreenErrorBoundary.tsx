/**
 * Keeps the shell alive when a screen fails: a crash or a screen chunk that no longer exists
 * (a new version was deployed since the page loaded) shows a message with a reload button.
 */
import { Component, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Screen failed', error);
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <EmptyState title="This screen could not be loaded">
        <p className="mb-3">A newer version may have been released. Reload the page to continue.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </EmptyState>
    );
  }
}
