/** Renders the current route's screen, each loaded lazily, or the not-found page. */
import { useStore } from '@nanostores/react';
import { createElement, Fragment, lazy, Suspense, type ReactElement } from 'react';
import { Spinner } from '../../ui/Spinner';
import { $router } from '../data/router';
import { NotFound } from './NotFound';
import { DASHBOARD_ROUTES } from './routes';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

// One element per route, made once: rendering never creates a component.
const screens = new Map<string, ReactElement>(DASHBOARD_ROUTES.map((r) => [r.name, createElement(lazy(r.load))]));

export function ScreenOutlet() {
  const page = useStore($router);
  const screen = page ? screens.get(page.route) : undefined;
  if (!page || !screen) return <NotFound />;
  return (
    <ScreenErrorBoundary resetKey={page.route}>
      <Suspense fallback={<Spinner />}>
        <Fragment key={page.route}>{screen}</Fragment>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
