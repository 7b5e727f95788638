/** AI Engine (/dashboard/ai-engine): the frame; its data arrives with a later issue. */
import { Bot } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';

export default function AiEngineScreen() {
  return (
    <div>
      <ScreenHeader title="AI Engine" subtitle="Ask the CRO assistant" />
      <EmptyState icon={Bot} title="No conversation yet">
        Ask a question to start.
      </EmptyState>
    </div>
  );
}
