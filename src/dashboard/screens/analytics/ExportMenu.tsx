/**
 * Export Report: the selected range as a full report in the formats scheduled reports have: a PDF,
 * an Excel workbook or CSV files (zipped) made by the server, or the summary mailed to you.
 */
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useDismiss } from '../../../ui/useDismiss';
import { saveFile } from '../../../ui/saveFile';
import { notify } from '../../../ui/toast';
import type { ReportFormat } from '../../../lib/reports';
import { exportReport } from '../../data/reports';

const CHOICES: readonly (readonly [ReportFormat, string])[] = [
  ['pdf', 'PDF'],
  ['excel', 'Excel'],
  ['csv', 'CSV (zip)'],
  ['email', 'Email me the summary'],
];

export function ExportMenu({ siteId, days, disabled }: { siteId: string; days: number; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, setOpen);

  async function run(format: ReportFormat) {
    setOpen(false);
    setBusy(true);
    try {
      const result = await exportReport(siteId, format, days);
      if ('sentTo' in result) notify('Report sent', `The summary is on its way to ${result.sentTo}`, 'success');
      else saveFile(result.blob, result.name);
    } catch (err) {
      notify('Export failed', err instanceof Error ? err.message : 'Could not export the report.', 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="relative" ref={ref}>
      <Button variant="outline" disabled={disabled || busy} aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)}>
        <Download className="h-4 w-4" />
        {busy ? 'Exporting...' : 'Export Report'}
      </Button>
      {open && (
        <div
          className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          aria-label="Export format"
          role="group"
        >
          {CHOICES.map(([format, label]) => (
            <button
              key={format}
              type="button"
              className="block w-full px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-50"
              onClick={() => void run(format)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
