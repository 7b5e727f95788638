/** The Session Recordings list's filters and order, and the PocketBase filter and sort they make. */

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
  /** Goal reached in the session. */
  converted: '' | 'yes' | 'no';
  /** Traffic source (as Analytics names it: a referrer's host, or Direct), '' = any. */
  source: string;
  withErrors: boolean;
  withRageClicks: boolean;
  withDeadClicks: boolean;
  withErrorClicks: boolean;
  withQuickBacks: boolean;
  withExcessiveScrolling: boolean;
  /** Only sessions with any frustration signal (a score above 0). */
  frustrated: boolean;
  sort: RecordingSort;
}

export const RECORDING_SORTS = [
  ['newest', 'Newest first'],
  ['frustration', 'Most frustrated first'],
  ['longest', 'Longest first'],
  ['rage', 'Most rage clicks first'],
] as const;
export type RecordingSort = (typeof RECORDING_SORTS)[number][0];

const SORT_EXPR: Record<RecordingSort, string> = {
  newest: '-started_at',
  frustration: '-frustration_score,-started_at',
  longest: '-duration_seconds,-started_at',
  rage: '-rage_clicks,-started_at',
};

/** The PocketBase sort of the list (newest first for anything unknown). */
export function recordingSort(sort: string): string {
  return SORT_EXPR[sort as RecordingSort] ?? SORT_EXPR.newest;
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
  source: '',
  withErrors: false,
  withRageClicks: false,
  withDeadClicks: false,
  withErrorClicks: false,
  withQuickBacks: false,
  withExcessiveScrolling: false,
  frustrated: false,
  sort: 'newest',
};

/**
 * Filters named in a link's query (Overview's most frustrated pages link to
 * /dashboard/recordings?page=/checkout&frustrated=1): page, frustrated, rage, sort.
 */
export function filtersFromQuery(query: URLSearchParams): RecordingFilters | null {
  const page = query.get('page') ?? '';
  const frustrated = query.get('frustrated') === '1';
  const rage = query.get('rage') === '1';
  if (!page && !frustrated && !rage) return null;
  return { ...NO_FILTERS, page: page.slice(0, 200), frustrated, withRageClicks: rage, sort: frustrated ? 'frustration' : 'newest' };
}

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
  const source = f.source.trim();
  if (source) {
    parts.push('source = {:source}');
    params.source = source.slice(0, 200);
  }
  if (f.withErrors) parts.push('errors > 0');
  if (f.withRageClicks) parts.push('rage_clicks > 0');
  if (f.withDeadClicks) parts.push('dead_clicks > 0');
  if (f.withErrorClicks) parts.push('error_clicks > 0');
  if (f.withQuickBacks) parts.push('quick_backs > 0');
  if (f.withExcessiveScrolling) parts.push('excessive_scrolls > 0');
  if (f.frustrated) parts.push('frustration_score > 0');
  return { expr: parts.join(' && '), params };
}

/** The "with …" checkboxes and the query flag each sends to the list route. */
const SIGNAL_FLAGS = [
  ['withErrors', 'errors'],
  ['withRageClicks', 'rage'],
  ['withDeadClicks', 'dead'],
  ['withErrorClicks', 'errorClicks'],
  ['withQuickBacks', 'quickBacks'],
  ['withExcessiveScrolling', 'scrolling'],
  ['frustrated', 'frustrated'],
] as const;

/**
 * The query of GET /api/cro/sites/{site}/recordings (pocketbase/recordings/list.go) for the
 * filters, order and page: the same filters as recordingFilter, values that are not what they
 * should be left out rather than sent.
 */
export function recordingQuery(f: RecordingFilters, page: number): Record<string, string> {
  const q: Record<string, string> = { page: String(page), sort: f.sort in SORT_EXPR ? f.sort : 'newest' };
  if (DAY.test(f.from)) q.from = f.from;
  if (DAY.test(f.to)) q.to = f.to;
  if (f.minSeconds !== '' && Number.isFinite(Number(f.minSeconds))) q.minSeconds = String(Number(f.minSeconds));
  if (f.maxSeconds !== '' && Number.isFinite(Number(f.maxSeconds))) q.maxSeconds = String(Number(f.maxSeconds));
  if (f.device) q.device = f.device;
  const country = f.country.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(country)) q.country = country;
  const pageText = f.page.trim().slice(0, 200);
  if (pageText) q.path = pageText;
  if (f.converted) q.converted = f.converted;
  const source = f.source.trim().slice(0, 200);
  if (source) q.source = source;
  for (const [key, flag] of SIGNAL_FLAGS) if (f[key]) q[flag] = '1';
  return q;
}
