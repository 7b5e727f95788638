/**
 * The session recorder chunk (`/t/r/<hash>.js`): loaded by the core tracker after the page is
 * idle, only for sampled sessions of sites whose plan includes recordings (the server puts `v` in
 * the config only then). rrweb records the page in the browser with everything private masked
 * there (privacy.ts), so the server never receives it; events are gzipped with fflate and sent in
 * batches every 10 s, when many have gathered, and with sendBeacon when the page is hidden.
 */
import { record } from '@rrweb/record';
import { gzipSync, strToU8 } from 'fflate';
import type { RecorderConfig } from '../lib/contracts/recorder-config';
import type { Config } from '../tracker/types';
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import { ALWAYS_BLOCKED, BLOCK_CLASS, maskInput, maskText } from './privacy';

type Ids = () => { v: string; s: string };
type RrEvent = { type: number; timestamp: number; data?: unknown };

/** rrweb's Meta event (the page's address and viewport). */
const META = 4;
const FLUSH_MS = 10_000;
/** Events that make a batch worth sending before the timer (a full snapshot alone is one). */
const BATCH_EVENTS = 400;
/** sendBeacon and keepalive fetch carry at most 64 KB: larger bodies go by plain fetch. */
const BEACON_BYTES = 60_000;

/** Whether this page is recorded: included (or no include list) and not excluded. */
export function pageRecorded(cfg: RecorderConfig, url: string): boolean {
  if (cfg.e && cfg.e.some((p) => urlPatternMatches(p, url))) return false;
  return !cfg.i || !cfg.i.length || cfg.i.some((p) => urlPatternMatches(p, url));
}

/**
 * Starts recording with the site's tracker config; `ids` are the tracker's visitor and session,
 * `off` its consent check (a withdrawn consent stops everything).
 */
export function r(site: Config, ids: Ids, off: () => boolean): void {
  const cfg = site.v;
  if (!cfg || !pageRecorded(cfg, location.href)) return;
  const endpoint = new URL(import.meta.url).origin + '/api/cro/recordings';
  const minMs = (cfg.m || 0) * 1000;
  const startedAt = Date.now();
  let buffer: RrEvent[] = [];
  let session = ids().s;
  let sentSession = '';
  let href = location.href;
  let timer = 0;

  const send = (beacon: boolean) => {
    clearTimeout(timer);
    timer = 0;
    if (off()) return stop();
    if (!buffer.length) return;
    // Short visits are held back until the recording has lasted the site's minimum.
    if (sentSession !== session && Date.now() - startedAt < minMs) return;
    const now = ids();
    const body = gzipSync(strToU8(JSON.stringify(buffer)));
    buffer = [];
    const url = endpoint + '?k=' + site.k + '&s=' + encodeURIComponent(session) + '&v=' + encodeURIComponent(now.v);
    sentSession = session;
    // A new session (30 minutes idle, or consent given again) starts from a full snapshot of its own.
    if (now.s !== session) {
      session = now.s;
      record.takeFullSnapshot(true);
    }
    const small = body.length < BEACON_BYTES;
    if (beacon && small && navigator.sendBeacon && navigator.sendBeacon(url, body)) return;
    fetch(url, { method: 'POST', body, keepalive: small, credentials: 'omit' }).catch(() => {});
  };

  const stopRecording = record<RrEvent>({
    emit(e) {
      // A page's address may carry tokens or addresses in its query: only origin and path leave.
      if (e.type === META && e.data) (e.data as { href: string }).href = location.origin + location.pathname;
      buffer.push(e);
      if (location.href !== href) {
        href = location.href;
        record.addCustomEvent('page', { href: location.origin + location.pathname });
      }
      if (buffer.length >= BATCH_EVENTS) send(false);
      else if (!timer) timer = window.setTimeout(() => send(false), FLUSH_MS);
    },
    maskAllInputs: true,
    maskInputFn: maskInput,
    blockClass: BLOCK_CLASS,
    blockSelector: ALWAYS_BLOCKED,
    maskTextSelector: cfg.t ? '*' : cfg.q || undefined,
    maskTextFn: maskText,
    inlineStylesheet: true,
    recordCanvas: false,
    collectFonts: false,
    sampling: { mousemove: 100, scroll: 150, input: 'last' },
    slimDOMOptions: 'all',
    errorHandler: () => true,
  });

  const onError = (e: ErrorEvent) => record.addCustomEvent('error', { message: String(e.message || 'Error').slice(0, 200) });
  const onHide = () => {
    if (document.visibilityState === 'hidden') send(true);
  };
  const onPageHide = () => send(true);
  addEventListener('error', onError);
  addEventListener('visibilitychange', onHide);
  addEventListener('pagehide', onPageHide);

  function stop() {
    buffer = [];
    if (stopRecording) stopRecording();
    removeEventListener('error', onError);
    removeEventListener('visibilitychange', onHide);
    removeEventListener('pagehide', onPageHide);
  }
}
