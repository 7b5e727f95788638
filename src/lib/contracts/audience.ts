/**
 * Audiences: a named set of conditions on the visitor, joined by all or any, that rules and A/B
 * tests target. This is the one evaluator; its Go twin (pocketbase/audience/audience.go) answers the
 * same, pinned case by case by tests/fixtures/contracts/audiences.json (run by
 * tests/unit/audience-contract.test.ts and pocketbase/audience/audience_test.go). It runs in the
 * tracker's audience build (src/tracker/audience.ts gathers the context), at the edge, and in the
 * hooks to validate what the owner saves.
 */
import { urlPatternMatches } from './url-pattern';

export const AUDIENCE_KINDS = [
  'device',
  'browser',
  'os',
  'country',
  'language',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'traffic_source',
  'referrer_host',
  'landing_page',
  'url',
  'query',
  'visitor',
  'sessions',
  'day_of_week',
  'hour',
  'cookie',
  'attribute',
] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const AUDIENCE_OPS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'matches',
  'exists',
  'not_exists',
  'gt',
  'gte',
  'lt',
  'lte',
] as const;
export type AudienceOp = (typeof AUDIENCE_OPS)[number];

export interface AudienceCondition {
  kind: AudienceKind;
  op: AudienceOp;
  /** The query parameter's, cookie's or custom attribute's name. */
  name?: string;
  /** One value, or for is / is_not a list (any of them). Absent for exists / not_exists. */
  value?: string | number | (string | number)[];
}

export interface AudienceDefinition {
  match: 'all' | 'any';
  conditions: AudienceCondition[];
}

/** What the evaluator knows about a visitor and the page (the tracker and the edge build it). */
export interface AudienceContext {
  device?: string;
  browser?: string;
  os?: string;
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country?: string;
  /** The browser's language tag (en-US). */
  language?: string;
  /** The session's UTM parameters (from its first page). */
  utm?: { source?: string; medium?: string; campaign?: string };
  /** The session's referrer URL ('' for direct). */
  referrer?: string;
  /** The session's landing page path. */
  landing?: string;
  /** The current page's full URL. */
  url?: string;
  returning?: boolean;
  /** Sessions this visitor has had, this one included. */
  sessions?: number;
  /** Epoch milliseconds now, and the site's IANA time zone for day and hour. */
  now?: number;
  timeZone?: string;
  cookies?: Record<string, string>;
  attributes?: Record<string, string | number | boolean>;
}

const NAMED: readonly string[] = ['query', 'cookie', 'attribute'];
const NUMERIC: readonly string[] = ['sessions', 'day_of_week', 'hour'];
const STRING_OPS: readonly string[] = ['is', 'is_not', 'contains', 'not_contains', 'starts_with'];
const NUMBER_OPS: readonly string[] = ['is', 'is_not', 'gt', 'gte', 'lt', 'lte'];
const PRESENCE_OPS: readonly string[] = ['exists', 'not_exists'];

/** The operators a kind accepts. */
export function audienceOps(kind: AudienceKind): readonly string[] {
  if (kind === 'visitor') return ['is'];
  if (NUMERIC.includes(kind)) return NUMBER_OPS;
  if (kind === 'url' || kind === 'landing_page') return [...STRING_OPS, 'matches'];
  if (kind === 'attribute') return [...STRING_OPS, ...PRESENCE_OPS, 'gt', 'gte', 'lt', 'lte'];
  if (NAMED.includes(kind) || kind === 'referrer_host') return [...STRING_OPS, ...PRESENCE_OPS];
  return STRING_OPS;
}

/** Where a session came from, as the Analytics screen names it (Go: analytics.Source). */
export function trafficSource(referrer: string): string {
  let s = referrer;
  if (!s) return 'Direct';
  const i = s.indexOf('://');
  if (i >= 0) s = s.slice(i + 3);
  s = s.split(/[/?#]/)[0]!;
  const at = s.lastIndexOf('@');
  if (at >= 0) s = s.slice(at + 1);
  s = s.split(':')[0]!.toLowerCase();
  if (s.startsWith('www.')) s = s.slice(4);
  return s || 'Direct';
}

function referrerHost(referrer: string): string {
  const s = trafficSource(referrer);
  return s === 'Direct' ? '' : s;
}

function queryParam(url: string, name: string): string | undefined {
  const q = url.split('#')[0]!.split('?')[1];
  if (q === undefined) return undefined;
  for (const part of q.split('&')) {
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    if (decodePart(k) === name) return eq < 0 ? '' : decodePart(part.slice(eq + 1));
  }
  return undefined;
}

function decodePart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch (_) {
    return s;
  }
}

/** The site-local weekday (0 Sunday .. 6 Saturday) and hour (0..23) of an instant. */
export function localDayHour(now: number, timeZone: string): { day: number; hour: number } | undefined {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(
      new Date(now),
    );
    const wd = parts.find((p) => p.type === 'weekday')?.value || '';
    const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(wd);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    return day < 0 || !(hour >= 0) ? undefined : { day, hour: hour % 24 };
  } catch (_) {
    return undefined;
  }
}

/** The context's value for a condition: a string, a number, or undefined when it has none. */
function valueOf(c: AudienceCondition, x: AudienceContext): string | number | undefined {
  const name = c.name || '';
  switch (c.kind) {
    case 'device':
    case 'browser':
    case 'os':
    case 'country':
    case 'language':
      return x[c.kind] || undefined;
    case 'utm_source':
    case 'utm_medium':
    case 'utm_campaign':
      return (x.utm || {})[c.kind.slice(4) as 'source' | 'medium' | 'campaign'] || undefined;
    case 'traffic_source':
      return trafficSource(x.referrer || '');
    case 'referrer_host':
      return referrerHost(x.referrer || '') || undefined;
    case 'landing_page':
      return x.landing || undefined;
    case 'url':
      return x.url || undefined;
    case 'query':
      return queryParam(x.url || '', name);
    case 'visitor':
      return x.returning ? 'returning' : 'new';
    case 'sessions':
      return typeof x.sessions === 'number' ? x.sessions : undefined;
    case 'day_of_week':
    case 'hour': {
      const t = x.now !== undefined && x.timeZone ? localDayHour(x.now, x.timeZone) : undefined;
      return t && (c.kind === 'hour' ? t.hour : t.day);
    }
    case 'cookie':
      return Object.prototype.hasOwnProperty.call(x.cookies || {}, name) ? x.cookies![name] : undefined;
    case 'attribute': {
      const v = Object.prototype.hasOwnProperty.call(x.attributes || {}, name) ? x.attributes![name] : undefined;
      return v === null || v === undefined ? undefined : typeof v === 'boolean' ? String(v) : v;
    }
  }
  return undefined;
}

const lower = (v: unknown) => String(v).toLowerCase();

/** A number from a value, NaN when it is not one ("" and "12abc" are not numbers). */
function num(v: unknown): number {
  if (typeof v === 'number') return v;
  const s = String(v).trim();
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
}

function equals(kind: AudienceKind, have: string | number, want: string | number): boolean {
  if (typeof have === 'number' || NUMERIC.includes(kind)) return num(have) === num(want);
  const h = lower(have);
  const w = lower(want);
  // A language without a region matches every region of it: 'en' is en-US and en-GB.
  if (kind === 'language' && !w.includes('-')) return h === w || h.startsWith(w + '-');
  return h === w || (!isNaN(num(have)) && num(have) === num(want));
}

/** Whether one condition holds for the context. */
export function conditionMatches(c: AudienceCondition, x: AudienceContext): boolean {
  const have = valueOf(c, x);
  const wants = Array.isArray(c.value) ? c.value : c.value === undefined ? [] : [c.value];
  switch (c.op) {
    case 'exists':
      return have !== undefined;
    case 'not_exists':
      return have === undefined;
    case 'is':
      return have !== undefined && wants.some((w) => equals(c.kind, have, w));
    case 'is_not':
      return have === undefined || !wants.some((w) => equals(c.kind, have, w));
    case 'contains':
      return have !== undefined && wants.some((w) => lower(have).includes(lower(w)));
    case 'not_contains':
      return have === undefined || !wants.some((w) => lower(have).includes(lower(w)));
    case 'starts_with':
      return have !== undefined && wants.some((w) => lower(have).startsWith(lower(w)));
    case 'matches':
      return have !== undefined && wants.some((w) => urlPatternMatches(String(w), String(have)));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const h = have === undefined ? NaN : num(have);
      const w = num(wants[0]);
      if (isNaN(h) || isNaN(w)) return false;
      return c.op === 'gt' ? h > w : c.op === 'gte' ? h >= w : c.op === 'lt' ? h < w : h <= w;
    }
  }
  return false;
}

/** Whether the visitor is in the audience: every condition (all) or at least one (any). */
export function audienceMatches(a: AudienceDefinition, x: AudienceContext): boolean {
  if (!a.conditions.length) return false;
  return a.match === 'any' ? a.conditions.some((c) => conditionMatches(c, x)) : a.conditions.every((c) => conditionMatches(c, x));
}
