/** The Session Recordings list's filters, and the PocketBase filter they make. */

export interface RecordingFilters {
  /** First and last day (YYYY-MM-DD, UTC), both included; '' = open. */
  from: string;
  to: string;
  /** Shortest and longest duration in seconds; '' = any. */
  minSeconds: string;
  maxSeconds: string;
  device: '' | 'desktop' | 'mobile' | 'tablet';
  /** Two-letter country code, '' = any. */
  country: string;
  /** Text a visited page's address contains. */
  page: string;
  converted: '' | 'yes' | 'no';
  withErrors: boolean;
  withRageClicks: boolean;
}

export const NO_FILTERS: RecordingFilters = {
  from: '',
  to: '',
  minSeconds: '',
  maxSeconds: '',
  device: '',
  country: '',
  page: '',
  converted: '',
  withErrors: false,
  withRageClicks: false,
};

export const RECORDINGS_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter expression (PocketBase syntax, values as {:params}) for the site and the filters;
 * values that are not what they should be are left out rather than sent.
 */
export function recordingFilter(siteId: string, f: RecordingFilters): { expr: string; params: Record<string, string | number | boolean> } {
  const parts = ['site_id = {:site}'];
  const params: Record<string, string | number | boolean> = { site: siteId };
  if (DAY.test(f.from)) {
    parts.push('started_at >= {:from}');
    params.from = `${f.from} 00:00:00.000Z`;
  }
  if (DAY.test(f.to)) {
    parts.push('started_at <= {:to}');
    params.to = `${f.to} 23:59:59.999Z`;
  }
  const min = Number(f.minSeconds);
  if (f.minSeconds !== '' && Number.isFinite(min)) {
    parts.push('duration_seconds >= {:min}');
    params.min = min;
  }
  const max = Number(f.maxSeconds);
  if (f.maxSeconds !== '' && Number.isFinite(max)) {
    parts.push('duration_seconds <= {:max}');
    params.max = max;
  }
  if (f.device) {
    parts.push('device_type = {:device}');
    params.device = f.device;
  }
  const country = f.country.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(country)) {
    parts.push('country = {:country}');
    params.country = country;
  }
  const page = f.page.trim();
  if (page) {
    parts.push('pages ~ {:page}');
    params.page = page.slice(0, 200);
  }
  if (f.converted) {
    parts.push('converted = {:converted}');
    params.converted = f.converted === 'yes';
  }
  if (f.withErrors) parts.push('errors > 0');
  if (f.withRageClicks) parts.push('rage_clicks > 0');
  return { expr: parts.join(' && '), params };
}
