/** AI Analysis Engine (/dashboard/ai-analysis): the frame; its data arrives with a later issue. */
import { Brain } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function AiAnalysisScreen() {
  return (
    <div>
      <ScreenHeader title="AI Analysis Engine" subtitle="AI insights from your real visitor data" />
      <EmptyState icon={Brain} title="No analysis yet">Run an analysis once your site sends data.</EmptyState>
    </div>
  );
}
