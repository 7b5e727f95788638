/**
 * Audiences in the tracker's audience build (CRO_AUD; served only to sites whose rules or tests
 * target an audience, so the core and full builds carry none of this). Gathers what the evaluator
 * (src/lib/contracts/audience.ts) knows of the visitor: the device, browser and OS from the user
 * agent, the country the server inlined (`gc`), the browser's language, the session's campaign,
 * referrer and landing page (kept for the session, so the later pages of a visit from the
 * newsletter are still that visit's), the page, new or returning, the number of sessions, the
 * site-local day and hour (`tz`), cookies, and the attributes the site set with
 * cro('set', {...}). Nothing is kept for a visitor who may not be tracked, nor in consent-free mode
 * beyond the page (ids.ts keeps everything in memory there).
 */
import { audienceMatches, type AudienceContext } from '../lib/contracts/audience';
import { deviceClass } from '../lib/contracts/device-class';
import { get, ids, set } from './ids';
import { config } from './types';

const ATTRS = 'cro_at';
const SESSION = 'cro_as';

/** The browser family, as the server's analytics.Browser names it. */
export function browserOf(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser/.test(ua)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS/.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS|Chromium/.test(ua)) return 'Chrome';
  return /Safari\//.test(ua) ? 'Safari' : 'Other';
}

/** The operating system family of a user agent. */
export function osOf(ua: string): string {
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  if (/Windows/.test(ua)) return 'Windows';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  return /Linux/.test(ua) ? 'Linux' : 'Other';
}

function read<T>(k: string, fallback: T): T {
  try {
    return (JSON.parse(get(k) || 'null') as T) || fallback;
  } catch (_) {
    return fallback;
  }
}

/** cro('set', {plan: 'pro', cart_value: 120}): custom attributes, kept for the visitor's later pages. */
export function setAttributes(x: unknown): void {
  if (!x || typeof x !== 'object') return;
  const a = read<Record<string, unknown>>(ATTRS, {});
  for (const k in x) {
    const v = (x as Record<string, unknown>)[k];
    if (v === null || v === undefined) delete a[k];
    else if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && isFinite(v)))
      a[k.slice(0, 64)] = typeof v === 'string' ? v.slice(0, 200) : v;
  }
  const json = JSON.stringify(a).length < 2000 ? JSON.stringify(a) : null;
  set(ATTRS, json);
  // The edge reads them from a first-party cookie (pocketbase/edge/audience.go); none in consent-free mode.
  if (!config().c) document.cookie = ATTRS + '=' + encodeURIComponent(json || '') + ';path=/;max-age=' + (json ? 31536000 : 0);
}

function cookies(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    try {
      out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
    } catch (_) {
      out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
    }
  }
  return out;
}

interface SessionFacts {
  s: string;
  n: number;
  u: AudienceContext['utm'];
  r: string;
  l: string;
}

/** This session's campaign, referrer and landing page, and how many sessions the visitor had. */
function sessionFacts(tracked: boolean): SessionFacts {
  const q = new URLSearchParams(location.search);
  const ref = document.referrer && new URL(document.referrer).host !== location.host ? document.referrer : '';
  const here: SessionFacts = {
    s: '',
    n: 1,
    u: { source: q.get('utm_source') || '', medium: q.get('utm_medium') || '', campaign: q.get('utm_campaign') || '' },
    r: ref,
    l: location.pathname,
  };
  if (!tracked) return here;
  // New: no session yet on this device (the rules may already have made the visitor id, so its
  // absence alone does not tell); the session the id was made in is kept, as experiments.ts does.
  const fresh = !get('cro_v') || !get('cro_s');
  const s = ids().s;
  if (fresh) set('cro_n', s);
  const kept = read<SessionFacts | null>(SESSION, null);
  if (kept && kept.s === s) return kept;
  here.s = s;
  here.n = kept ? kept.n + 1 : 1;
  set(SESSION, JSON.stringify(here));
  return here;
}

let facts: SessionFacts | undefined;

/** What the evaluator knows of this visitor on this page. */
export function audienceContext(tracked: boolean): AudienceContext {
  const cfg = config();
  const ua = navigator.userAgent;
  facts = facts || sessionFacts(tracked);
  return {
    device: deviceClass(ua),
    browser: browserOf(ua),
    os: osOf(ua),
    country: cfg.gc || '',
    language: navigator.language || '',
    utm: facts.u,
    referrer: facts.r,
    landing: facts.l,
    url: location.href,
    returning: tracked && !!facts.s && get('cro_n') !== facts.s,
    sessions: facts.n,
    now: Date.now(),
    timeZone: cfg.tz,
    cookies: cookies(),
    attributes: read(ATTRS, {}),
  };
}

/** Whether the visitor is in the audience with this id (false for an audience the config lacks). */
export function inAudience(id: string, tracked: boolean): boolean {
  const a = (config().au || {})[id];
  return !!a && audienceMatches(a, audienceContext(tracked));
}
