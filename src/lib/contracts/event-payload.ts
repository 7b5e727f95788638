/**
 * What the tracker posts to /api/cro/collect: a batch of events with short keys (they keep the
 * tracker small). The Go ingest (pocketbase/collect/payload.go, ParseBatch) is the server's
 * check; parseEventBatch is the same check in TypeScript, and tests/fixtures/contracts/
 * event-payloads.json pins both: one invalid event refuses the whole batch, nothing is truncated.
 */
import { CONTROL_CHARACTERS } from './control-characters';

/** Event types and the names the events table stores. */
export const EVENT_TYPES = {
  pv: 'pageview',
  lv: 'leave',
  ck: 'click',
  ob: 'outbound',
  ev: 'custom',
  er: 'error',
  wv: 'vital',
  id: 'identify',
  ex: 'exposure',
  ae: 'apply_error',
  xp: 'experiment_exposure',
  fs: 'form_submit',
} as const;
export type EventType = keyof typeof EVENT_TYPES;

/** One event; which fields apply depends on its type. */
export interface CollectEvent {
  t: EventType;
  /** Time, ms since the epoch (the tracker fills it when queuing). */
  ts?: number;
  /** Page path (every type but 'id'). */
  p?: string;
  /** pv: referrer URL and UTM source / medium / campaign. */
  r?: string;
  us?: string;
  um?: string;
  uc?: string;
  /** lv: visible time on the page (ms) and, on a page view's first leave, max scroll (%). */
  d?: number;
  sc?: number;
  /** ck: selector, link or button text, page coordinates, the click goal's selector; fs: the form's selector and the form goal's. */
  sel?: string;
  tx?: string;
  x?: number;
  y?: number;
  gm?: string;
  /**
   * ck: where in the clicked element's box, as fractions of its width and height (3 digits; a
   * child overflowing the box may give a little more than 1 or less than 0, kept as the box's
   * edge); ck, lv: the viewport's width (CSS px), which gives the layout's device class.
   */
  ox?: number;
  oy?: number;
  vw?: number;
  /** ob: the link's URL. */
  u?: string;
  /** ev: name, value, properties; wv: vital name and value; ex: apply time (ms); xp: the variant key. */
  n?: string;
  val?: number;
  pr?: Record<string, unknown>;
  /** er, ae: message; er: script URL and line. */
  m?: string;
  src?: string;
  ln?: number;
  /**
   * id: the visitor's identity; ex, ae: the rule id; xp: the experiment id. An experiment exposure
   * counts once per visitor and experiment (the first one is kept); the server drops, and counts,
   * exposures of experiments that are not running on the site or of variants they do not have.
   */
  id?: string;
}

export interface CollectBatch {
  /** Site public key. */
  k: string;
  /** Visitor id. */
  v: string;
  /** Session id. */
  s: string;
  /** The batch's id, the same when the tracker re-sends it: stored once (absent from older scripts). */
  b?: string;
  e: CollectEvent[];
}

/** Limits of one batch; the tracker clips its text fields to these lengths. */
export const EVENT_LIMITS = {
  bodyBytes: 32 * 1024,
  events: 50,
  path: 300,
  url: 500,
  short: 100,
  selector: 300,
  text: 100,
  message: 300,
  identity: 200,
  propsBytes: 1000,
  props: 20,
  futureSkewMs: 10 * 60 * 1000,
  durationMs: 6 * 60 * 60 * 1000,
  value: 1e9,
  coordinate: 1e6,
  viewport: 1e5,
  offset: 10,
  line: 1e7,
} as const;

const L = EVENT_LIMITS;
const ID = /^[A-Za-z0-9_-]{8,64}$/;
const RULE_ID = /^[a-z0-9]{15}$/;
/** An experiment's variant key (src/lib/experiments.ts): short, lower-case, URL-safe. */
export const VARIANT_KEY = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const KEY = /^[a-z0-9]{8,64}$/;
const VITALS = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'];
const STRING_FIELDS = ['p', 'r', 'us', 'um', 'uc', 'sel', 'tx', 'gm', 'u', 'n', 'm', 'src', 'id'] as const;
const NUMBER_FIELDS = ['ts', 'd', 'sc', 'x', 'y', 'ox', 'oy', 'vw', 'val', 'ln'] as const;
/** Text fields and their longest length (characters), in the order they are checked. */
const TEXT_LIMITS: [keyof CollectEvent, number][] = [
  ['r', L.url],
  ['us', L.short],
  ['um', L.short],
  ['uc', L.short],
  ['sel', L.selector],
  ['tx', L.text],
  ['gm', L.selector],
  ['u', L.url],
  ['n', L.short],
  ['m', L.message],
  ['src', L.url],
  ['id', L.identity],
];

export type ParsedBatch = { ok: true; batch: CollectBatch } | { ok: false; error: string };

class Invalid extends Error {}
const fail = (m: string): never => {
  throw new Invalid(m);
};

/**
 * Decodes and validates a batch body at time `now` (ms), accepting events up to `maxAgeMs` old.
 * The batch returned keeps only the fields that carry something (empty strings and zeros drop
 * out, `p` stays), as the server stores it.
 */
export function parseEventBatch(body: string, now: number, maxAgeMs: number): ParsedBatch {
  try {
    return { ok: true, batch: parse(body, now, maxAgeMs) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: e.message };
    throw e;
  }
}

function parse(body: string, now: number, maxAgeMs: number): CollectBatch {
  if (!body) fail('empty body');
  if (bytes(body) > L.bodyBytes) fail(`batch larger than ${L.bodyBytes} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (e) {
    fail(`malformed JSON batch: ${(e as Error).message}`);
  }
  const b = fields(raw, ['k', 'v', 's', 'b', 'e'], 'batch');
  const k = str(b.k, 'k');
  const v = str(b.v, 'v');
  const s = str(b.s, 's');
  const id = str(b.b, 'b');
  const list = b.e ?? [];
  if (!Array.isArray(list)) fail('malformed JSON batch: e must be a list');
  const raws = (list as unknown[]).map(decode);
  if (!KEY.test(k)) fail('k: invalid site key');
  if (!ID.test(v)) fail('v: visitor id must be 8-64 characters of A-Z a-z 0-9 _ -');
  if (!ID.test(s)) fail('s: session id must be 8-64 characters of A-Z a-z 0-9 _ -');
  if (id && !ID.test(id)) fail('b: batch id must be 8-64 characters of A-Z a-z 0-9 _ -');
  if (!raws.length) fail('e: no events');
  if (raws.length > L.events) fail(`e: more than ${L.events} events`);
  const events = raws.map((r, i) => {
    try {
      return event(r, now, maxAgeMs);
    } catch (e) {
      throw e instanceof Invalid ? new Invalid(`e[${i}]: ${e.message}`) : e;
    }
  });
  return id ? { k, v, s, b: id, e: events } : { k, v, s, e: events };
}

/** An object with only the known keys (null stands for absent, as in the Go decoder). */
function fields(x: unknown, known: readonly string[], what: string): Record<string, unknown> {
  if (x === null) return {};
  if (typeof x !== 'object' || Array.isArray(x)) return fail(`malformed JSON batch: ${what} must be an object`);
  for (const key of Object.keys(x)) if (!known.includes(key)) fail(`malformed JSON batch: unknown field "${key}"`);
  return x as Record<string, unknown>;
}

function str(x: unknown, field: string): string {
  if (x == null) return '';
  if (typeof x !== 'string') fail(`malformed JSON batch: ${field} must be a string`);
  return x as string;
}

function num(x: unknown, field: string): number {
  if (x == null) return 0;
  if (typeof x !== 'number') fail(`malformed JSON batch: ${field} must be a number`);
  return x as number;
}

interface Decoded {
  t: string;
  /** Every string and number field, '' and 0 when absent. */
  ev: Record<string, string | number>;
  scroll?: number;
  props?: unknown;
}

/** One event's fields with their JSON types checked, as the Go decoder does before validation. */
function decode(x: unknown): Decoded {
  const r = fields(x, [...STRING_FIELDS, ...NUMBER_FIELDS, 't', 'pr'], 'event');
  const ev: Record<string, string | number> = {};
  for (const f of STRING_FIELDS) ev[f] = str(r[f], f);
  for (const f of NUMBER_FIELDS) ev[f] = num(r[f], f);
  return { t: str(r.t, 't'), ev, scroll: r.sc == null ? undefined : (ev.sc as number), props: r.pr ?? undefined };
}

function event({ t, ev, scroll, props }: Decoded, now: number, maxAgeMs: number): CollectEvent {
  const e = ev as Required<Omit<CollectEvent, 't' | 'pr' | 'sc'>>;

  if (!Object.keys(EVENT_TYPES).includes(t)) fail('t: unknown event type');
  if (e.ts <= 0 || !Number.isInteger(e.ts)) fail('ts: must be a timestamp in milliseconds');
  if (e.ts > now + L.futureSkewMs || e.ts < now - maxAgeMs) fail('ts: outside the accepted time window');
  if (t !== 'id') {
    if (!e.p.startsWith('/')) fail('p: path must start with /');
    if (bytes(e.p) > L.path) fail(`p: path longer than ${L.path} characters`);
    text('p', e.p, L.path);
  }
  for (const [f, max] of TEXT_LIMITS) text(f, e[f as 'r'], max);
  for (const f of ['r', 'u', 'src'] as const) {
    if (e[f] && !e[f].startsWith('http://') && !e[f].startsWith('https://')) fail(`${f}: must be an http(s) URL`);
  }
  if (!within(e.d, 0, L.durationMs)) fail('d: duration out of range');
  if (scroll !== undefined && !within(scroll, 0, 100)) fail('sc: scroll depth must be 0-100');
  if (!within(e.x, 0, L.coordinate) || !within(e.y, 0, L.coordinate)) fail('x/y: coordinates out of range');
  if (!within(e.ox, -L.offset, L.offset) || !within(e.oy, -L.offset, L.offset)) fail('ox/oy: offsets out of range');
  if (!within(e.vw, 0, L.viewport) || !Number.isInteger(e.vw)) fail('vw: viewport width must be a whole number of pixels');
  if (!within(e.val, -L.value, L.value)) fail('val: value out of range');
  if (!within(e.ln, 0, L.line)) fail('ln: line out of range');
  if (props !== undefined) {
    if (bytes(JSON.stringify(props)) > L.propsBytes) fail(`pr: properties larger than ${L.propsBytes} bytes`);
    if (typeof props !== 'object' || Array.isArray(props)) fail('pr: properties must be an object');
    if (Object.keys(props as object).length > L.props) fail(`pr: more than ${L.props} properties`);
  }
  if (t === 'ev' && !e.n) fail('n: custom events need a name');
  if (t === 'wv' && !VITALS.includes(e.n)) fail('n: unknown web vital');
  if (t === 'wv' && e.val < 0) fail('val: web vitals are not negative');
  if (t === 'er' && !e.m) fail('m: errors need a message');
  if (t === 'ob' && !e.u) fail('u: outbound events need a URL');
  if (t === 'id' && !e.id) fail('id: identify needs an id');
  if ((t === 'ex' || t === 'ae') && !RULE_ID.test(e.id)) fail('id: exposures and apply errors need the rule id');
  if (t === 'xp' && !RULE_ID.test(e.id)) fail('id: experiment exposures need the experiment id');
  if (t === 'xp' && !VARIANT_KEY.test(e.n)) fail('n: experiment exposures need the variant key');

  // What the server keeps: offsets within the box, zero values drop out, the path stays, scroll 0 is a measurement.
  ev.ox = clampOffset(e.ox);
  ev.oy = clampOffset(e.oy);
  const out: Record<string, unknown> = { t, ts: e.ts, p: e.p };
  for (const f of [...STRING_FIELDS, ...NUMBER_FIELDS]) if (ev[f] && f !== 'sc') out[f] = ev[f];
  if (scroll !== undefined) out.sc = scroll;
  if (props !== undefined) out.pr = props;
  return out as unknown as CollectEvent;
}

/** Text the collect endpoint accepts: at most `max` characters, no control characters. */
function text(field: string, v: string, max: number): void {
  if (bytes(v) > max * 4 || [...v].length > max) fail(`${field}: longer than ${max} characters`);
  if (v.search(CONTROL_CHARACTERS) >= 0) fail(`${field}: control characters are not allowed`);
}

/** A click offset as stored: within the element's box. */
export const clampOffset = (v: number) => Math.min(1, Math.max(0, v));

const within = (v: number, lo: number, hi: number) => Number.isFinite(v) && v >= lo && v <= hi;

const bytes = (s: string) => new TextEncoder().encode(s).length;
