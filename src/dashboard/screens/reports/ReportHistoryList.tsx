/**
 * The 10 latest generated reports: sent, failed (with the reason) or pending, each with its file
 * (the Download button sits beside its entry, clear of the floating LIVE KPI card at the right).
 */
import { Download } from 'lucide-react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { saveFile } from '../../../ui/saveFile';
import { notify } from '../../../ui/toast';
import { REPORT_FORMAT_LABELS } from '../../../lib/reports';
import { errorMessage } from '../../data/errors';
import { fetchReportFile } from '../../data/reports';
import type { ReportHistoryRecord } from '../../data/records';
import { when } from './when';

const TONES = { sent: 'success', failed: 'danger' } as const;

async function download(entry: ReportHistoryRecord) {
  try {
    const file = await fetchReportFile(entry);
    saveFile(file.blob, file.name);
  } catch (err) {
    notify('Download failed', errorMessage(err, 'Could not download the report.'), 'destructive');
  }
}

export function ReportHistoryList({ history }: { history: ReportHistoryRecord[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No reports generated yet</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Report history">
      {history.map((h) => (
        <li key={h.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-6" data-testid="report-history-entry">
          <div className="min-w-0 space-y-1">
            <div className="flex items-center gap-2">
              <p className="font-medium text-slate-900">{h.report_name}</p>
              <Badge tone={h.status === 'sent' || h.status === 'failed' ? TONES[h.status] : 'outline'}>{h.status || 'pending'}</Badge>
            </div>
            <p className="text-xs text-slate-500">
              {when(h.generated_at)}
              {h.period ? ` · ${h.period}` : ''}
              {h.format ? ` · ${REPORT_FORMAT_LABELS[h.format]}` : ''}
            </p>
            {h.error && <p className="text-xs text-red-700">{h.error}</p>}
          </div>
          {h.file && (
            <Button variant="outline" onClick={() => void download(h)} aria-label={`Download ${h.report_name} of ${when(h.generated_at)}`}>
              <Download className="h-4 w-4" />
              Download
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
