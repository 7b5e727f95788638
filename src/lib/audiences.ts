/**
 * Saved audiences: what an owner may store (the hooks check every write with validateAudience) and
 * the personalization holdout of a rule targeted to an audience. The evaluator itself is
 * src/lib/contracts/audience.ts.
 */
import { AUDIENCE_KINDS, audienceOps, type AudienceCondition, type AudienceDefinition, type AudienceKind } from './contracts/audience';
import { urlPatternProblem } from './contracts/url-pattern';

export const MAX_AUDIENCE_CONDITIONS = 20;
export const MAX_AUDIENCE_VALUES = 50;
export const MAX_AUDIENCE_VALUE_LENGTH = 200;
/** The share of a personalization's audience that keeps seeing the original, unless the owner sets one. */
export const DEFAULT_HOLDOUT_PERCENTAGE = 10;
export const MAX_HOLDOUT_PERCENTAGE = 50;

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const NEEDS_NAME: readonly string[] = ['query', 'cookie', 'attribute'];
const NUMERIC: readonly string[] = ['sessions', 'day_of_week', 'hour'];
const RANGES: Record<string, [number, number]> = { day_of_week: [0, 6], hour: [0, 23], sessions: [0, 100000] };
const LABELS: Record<AudienceKind, string> = {
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
  country: 'Country',
  language: 'Browser language',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  traffic_source: 'Traffic source',
  referrer_host: 'Referrer host',
  landing_page: 'Landing page',
  url: 'Page URL',
  query: 'Query parameter',
  visitor: 'New or returning',
  sessions: 'Number of sessions',
  day_of_week: 'Day of week',
  hour: 'Hour of day',
  cookie: 'Cookie',
  attribute: 'Custom attribute',
};

/** A condition kind's name on the screens. */
export const audienceKindLabel = (k: AudienceKind) => LABELS[k];

export type AudienceResult = { ok: true; value: AudienceDefinition } | { ok: false; error: string };

function conditionProblem(raw: unknown, n: number): string | AudienceCondition {
  const at = `Condition ${n}`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return `${at} must be an object with kind, op and value.`;
  const c = raw as Record<string, unknown>;
  const kind = c.kind as AudienceKind;
  if (!AUDIENCE_KINDS.includes(kind)) return `${at}: kind must be one of ${AUDIENCE_KINDS.join(', ')}.`;
  const ops = audienceOps(kind);
  if (typeof c.op !== 'string' || !ops.includes(c.op)) return `${at} (${LABELS[kind]}): op must be one of ${ops.join(', ')}.`;
  const out: AudienceCondition = { kind, op: c.op as AudienceCondition['op'] };
  if (NEEDS_NAME.includes(kind)) {
    if (typeof c.name !== 'string' || !NAME.test(c.name))
      return `${at} (${LABELS[kind]}): name must be 1 to 64 letters, digits, dots, dashes or underscores.`;
    out.name = c.name;
  }
  if (c.op === 'exists' || c.op === 'not_exists') return out;
  const list = Array.isArray(c.value) ? c.value : [c.value];
  const many = c.op === 'is' || c.op === 'is_not';
  if (!list.length || list.length > (many ? MAX_AUDIENCE_VALUES : 1))
    return `${at} (${LABELS[kind]}): give ${many ? `1 to ${MAX_AUDIENCE_VALUES} values` : 'one value'}.`;
  const numeric = NUMERIC.includes(kind) || ['gt', 'gte', 'lt', 'lte'].includes(c.op);
  const values: (string | number)[] = [];
  for (const v of list) {
    if (numeric) {
      const x = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof x !== 'number' || !Number.isFinite(x)) return `${at} (${LABELS[kind]}): the value must be a number.`;
      const range = RANGES[kind];
      if (range && (x < range[0] || x > range[1] || !Number.isInteger(x)))
        return `${at} (${LABELS[kind]}): the value must be a whole number from ${range[0]} to ${range[1]}.`;
      values.push(x);
      continue;
    }
    if (typeof v !== 'string' && typeof v !== 'number') return `${at} (${LABELS[kind]}): the value must be text.`;
    const s = String(v).trim();
    if (!s || s.length > MAX_AUDIENCE_VALUE_LENGTH)
      return `${at} (${LABELS[kind]}): the value must be 1 to ${MAX_AUDIENCE_VALUE_LENGTH} characters.`;
    if (kind === 'visitor' && s !== 'new' && s !== 'returning') return `${at} (${LABELS[kind]}): the value must be new or returning.`;
    if (kind === 'country' && !/^[A-Za-z]{2}$/.test(s)) return `${at} (Country): use two-letter country codes such as SE.`;
    if (c.op === 'matches') {
      const p = urlPatternProblem(s);
      if (p) return `${at} (${LABELS[kind]}): ${p}`;
    }
    values.push(kind === 'country' ? s.toUpperCase() : s);
  }
  out.value = many && Array.isArray(c.value) ? values : values[0];
  return out;
}

/** Checks an audience's definition; the result is what is stored. */
export function validateAudience(input: unknown): AudienceResult {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, error: 'An audience needs match and conditions.' };
  const a = input as Record<string, unknown>;
  if (a.match !== 'all' && a.match !== 'any') return { ok: false, error: 'Match must be all or any.' };
  if (!Array.isArray(a.conditions) || !a.conditions.length || a.conditions.length > MAX_AUDIENCE_CONDITIONS)
    return { ok: false, error: `An audience needs 1 to ${MAX_AUDIENCE_CONDITIONS} conditions.` };
  const conditions: AudienceCondition[] = [];
  for (let i = 0; i < a.conditions.length; i++) {
    const c = conditionProblem(a.conditions[i], i + 1);
    if (typeof c === 'string') return { ok: false, error: c };
    conditions.push(c);
  }
  return { ok: true, value: { match: a.match, conditions } };
}

/** The audience's name: 1 to 100 characters. */
export function audienceNameProblem(name: string): string | null {
  const n = name.trim();
  return n && n.length <= 100 ? null : 'An audience needs a name of 1 to 100 characters.';
}

/** A personalization's holdout: a whole percent from 0 to 50. */
export function holdoutProblem(pct: number): string | null {
  return Number.isInteger(pct) && pct >= 0 && pct <= MAX_HOLDOUT_PERCENTAGE
    ? null
    : `Holdout percentage must be a whole number from 0 to ${MAX_HOLDOUT_PERCENTAGE}.`;
}

/** The condition kinds an audience uses (the server inlines only what the tracker then needs). */
export function audienceKinds(a: AudienceDefinition): AudienceKind[] {
  return [...new Set(a.conditions.map((c) => c.kind))];
}
