/** How recordings read on the Session Recordings tab and in its CSV export. */

/** A duration as minutes:seconds ("0:07", "12:30", "75:02"). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface RecordingRow {
  id: string;
  started_at: string;
  page_url: string;
  pages: string[] | null;
  duration_seconds: number;
  device_type: string;
  browser: string;
  country: string;
  clicks: number;
  rage_clicks: number;
  dead_clicks: number;
  errors: number;
  converted: boolean;
  events_count: number;
}

const CSV_COLUMNS: [string, (r: RecordingRow) => string | number][] = [
  ['id', (r) => r.id],
  ['started_at', (r) => r.started_at],
  ['page_url', (r) => r.page_url],
  ['pages', (r) => (r.pages ?? []).join(' ')],
  ['duration', (r) => formatDuration(r.duration_seconds)],
  ['duration_seconds', (r) => r.duration_seconds],
  ['device', (r) => r.device_type],
  ['browser', (r) => r.browser],
  ['country', (r) => r.country],
  ['clicks', (r) => r.clicks],
  ['rage_clicks', (r) => r.rage_clicks],
  ['dead_clicks', (r) => r.dead_clicks],
  ['errors', (r) => r.errors],
  ['converted', (r) => (r.converted ? 'yes' : 'no')],
  ['events', (r) => r.events_count],
];

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(v: string | number): string {
  let s = String(v ?? '');
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function recordingsCsv(rows: RecordingRow[]): string {
  const lines = [CSV_COLUMNS.map(([h]) => h).join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map(([, get]) => cell(get(r))).join(','));
  return lines.join('\r\n') + '\r\n';
}
