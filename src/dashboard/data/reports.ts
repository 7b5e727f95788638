/**
 * The current site's scheduled reports and the 10 latest generated ones, kept fresh by realtime,
 * and the reports' actions: create, edit, pause, delete, 'Send now', downloads of past reports
 * (protected files: a member's file token) and the Analytics screen's export.
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { ReportFormat, ReportFrequency, ReportType } from '../../lib/reports';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { ReportHistoryRecord, ScheduledReportRecord } from './records';
import { $currentSiteId } from './sites';

export const REPORT_HISTORY_LIMIT = 10;

const reportsState = createCollectionStore<ScheduledReportRecord>({
  collection: 'scheduled_reports',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-created_at',
});

const historyState = createCollectionStore<ReportHistoryRecord>({
  collection: 'report_history',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-generated_at',
  limit: REPORT_HISTORY_LIMIT,
});

/** The scheduled reports, newest first; `undefined` while loading. */
export const $scheduledReports = computed(reportsState, (s) => s.value ?? (s.error ? [] : undefined));
export const $scheduledReportsError = computed(reportsState, (s) => s.error);
/** The 10 latest generated reports, newest first; `undefined` while loading. */
export const $reportHistory = computed(historyState, (s) => s.value ?? (s.error ? [] : undefined));
export const $reportHistoryError = computed(historyState, (s) => s.error);

export interface ReportInput {
  name: string;
  report_type: ReportType;
  frequency: ReportFrequency;
  format: ReportFormat;
  recipients: string[];
  enabled: boolean;
}

export const createReport = (siteId: string, input: ReportInput) =>
  pb.collection('scheduled_reports').create<ScheduledReportRecord>({ site_id: siteId, ...input }, { requestKey: null });
export const updateReport = (id: string, input: Partial<ReportInput>) =>
  pb.collection('scheduled_reports').update<ScheduledReportRecord>(id, input, { requestKey: null });
export const deleteReport = (id: string) => pb.collection('scheduled_reports').delete(id, { requestKey: null });

/** Makes and sends the report now; the answer is its history entry (pending until the mail is tried). */
export const sendReportNow = (id: string) =>
  pb.send<{ id: string; status: string; error: string }>(`/api/cro/reports/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    requestKey: null,
  });

/** A past report's stored file, fetched with a member's file token (a protected file opens for members only). */
export async function fetchReportFile(entry: ReportHistoryRecord): Promise<{ blob: Blob; name: string }> {
  const token = await pb.files.getToken({ requestKey: null });
  const response = await fetch(pb.files.getURL(entry, entry.file, { token }));
  if (!response.ok) throw new Error('Could not download the report.');
  const ext = /\.[a-z]+$/.exec(entry.file)?.[0] ?? '';
  const name = `${entry.report_name.replace(/[^a-z0-9-]+/gi, '-')}-${entry.generated_at.slice(0, 10)}${ext}`;
  return { blob: await response.blob(), name };
}

/** The Analytics range as a report file (pdf, csv, excel), or its summary mailed to the member asking (email). */
export async function exportReport(
  siteId: string,
  format: ReportFormat,
  days: number,
): Promise<{ blob: Blob; name: string } | { sentTo: string }> {
  const response = await fetch(pb.buildURL(`/api/cro/sites/${encodeURIComponent(siteId)}/export-report`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token },
    body: JSON.stringify({ format, days }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message || 'Could not export the report.');
  }
  if (format === 'email') return (await response.json()) as { sentTo: string };
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `report.${format}`;
  return { blob: await response.blob(), name };
}
