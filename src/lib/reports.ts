/**
 * Scheduled reports: the choices the New Report dialog offers (the server accepts the same values
 * and checks the recipients: valid addresses of the site's members, at most 20), and the
 * recipients field's text as a list.
 */
export const REPORT_TYPES = ['performance', 'conversions', 'funnel', 'heatmap', 'session', 'full'] as const;
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const REPORT_FORMATS = ['pdf', 'csv', 'excel', 'email'] as const;

export type ReportType = (typeof REPORT_TYPES)[number];
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const MAX_REPORT_RECIPIENTS = 20;

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  performance: 'Performance',
  conversions: 'Conversions',
  funnel: 'Funnels',
  heatmap: 'Page engagement',
  session: 'Sessions',
  full: 'Full report',
};

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV', excel: 'Excel', email: 'Email' };

/** The addresses typed in the recipients field: split on commas, semicolons and line breaks, trimmed, each once. */
export function parseRecipients(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[,;\s]+/)) {
    const address = part.trim().toLowerCase();
    if (address && !out.includes(address)) out.push(address);
  }
  return out;
}

/** Days a report of a frequency covers (the server's PeriodDays). */
export function reportPeriodDays(frequency: ReportFrequency): number {
  return frequency === 'daily' ? 1 : frequency === 'monthly' ? 30 : 7;
}
