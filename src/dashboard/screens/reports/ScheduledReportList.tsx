/** The scheduled reports: Active or Paused, what and when they send, and (editors and up) their actions. */
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { notify } from '../../../ui/toast';
import { REPORT_FORMAT_LABELS, REPORT_FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '../../../lib/reports';
import { errorMessage } from '../../data/errors';
import { deleteReport, sendReportNow, updateReport } from '../../data/reports';
import type { ScheduledReportRecord } from '../../data/records';
import { ReportDialog } from './ReportDialog';
import { when } from './when';

function ReportRow({ report, canEdit, planTier }: { report: ScheduledReportRecord; canEdit: boolean; planTier: string }) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const recipients = report.recipients ?? [];

  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      notify(done, undefined, 'success');
    } catch (err) {
      notify('Report action failed', errorMessage(err, 'Please try again.'), 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="scheduled-report">
      <div className="min-w-0 space-y-1">
        <div className="flex items-center gap-2">
          <p className="font-medium text-slate-900">{report.name}</p>
          <Badge tone={report.enabled ? 'success' : 'secondary'}>{report.enabled ? 'Active' : 'Paused'}</Badge>
        </div>
        <p className="text-sm text-slate-600">
          {REPORT_TYPE_LABELS[report.report_type]} · {REPORT_FREQUENCY_LABELS[report.frequency]} · {REPORT_FORMAT_LABELS[report.format]} ·
          to {recipients.join(', ')}
        </p>
        <p className="text-xs text-slate-500">
          {report.enabled && report.next_scheduled_at ? `Next: ${when(report.next_scheduled_at)}` : 'Not scheduled while paused'}
          {report.last_sent_at ? ` · Last sent: ${when(report.last_sent_at)}` : ''}
        </p>
      </div>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy} onClick={() => void act(() => sendReportNow(report.id), 'Report is being sent')}>
            Send now
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() =>
              void act(() => updateReport(report.id, { enabled: !report.enabled }), report.enabled ? 'Report paused' : 'Report resumed')
            }
          >
            {report.enabled ? 'Pause' : 'Resume'}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => void act(() => deleteReport(report.id), 'Report deleted')}>
            Delete
          </Button>
        </div>
      )}
      {editing && (
        <ReportDialog
          title="Edit Report"
          submitLabel="Save Report"
          initial={{ ...report, recipients }}
          planTier={planTier}
          onSave={(input) => updateReport(report.id, input)}
          onClose={() => setEditing(false)}
        />
      )}
    </li>
  );
}

export function ScheduledReportList({
  reports,
  canEdit,
  planTier,
}: {
  reports: ScheduledReportRecord[];
  canEdit: boolean;
  /** The site's plan, for the Edit Report dialog's frequencies. */
  planTier: string;
}) {
  if (reports.length === 0) {
    return (
      <EmptyState icon={FileText} title="No Scheduled Reports">
        {canEdit ? 'Create a report to receive your figures by mail.' : 'Editors and owners can schedule reports.'}
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Scheduled reports">
      {reports.map((r) => (
        <ReportRow key={r.id} report={r} canEdit={canEdit} planTier={planTier} />
      ))}
    </ul>
  );
}
