/** Reports (/dashboard/reports): the frame; its data arrives with a later issue. */
import { FileText } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';

export default function ReportsScreen() {
  return (
    <div>
      <ScreenHeader title="Reports" subtitle="Scheduled and generated reports" />
      <EmptyState icon={FileText} title="No Scheduled Reports">
        No reports generated yet
      </EmptyState>
    </div>
  );
}
