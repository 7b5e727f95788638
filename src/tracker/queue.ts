import { rid } from './ids';
import { clean, config, type Ev } from './types';

const MAX_BATCH = 20;
const MAX_TRIES = 5;

/**
 * Batches events and sends them as text/plain (no CORS preflight): fetch with keepalive while
 * the page lives, sendBeacon when it is being hidden. Failures are retried with backoff.
 */
export function createQueue(
  url: string,
  ids: () => { v: string; s: string },
  off: () => boolean,
): { push: (e: Ev) => void; flush: (beacon?: boolean) => void } {
  let q: Ev[] = [];
  /** Bodies of failed sends, re-sent as they were: the same batch id `b`, stored once by the server. */
  let again: string[] = [];
  let timer: ReturnType<typeof setTimeout> | 0 = 0;
  let tries = 0;
  /** The page is being hidden or left (flushed by beacon), until it records events again. */
  let leaving = false;

  const post = (body: string, beacon?: boolean) => {
    // A string beacon goes as text/plain;charset=UTF-8 too: no preflight, no Blob needed.
    if (beacon && navigator.sendBeacon && navigator.sendBeacon(url, body)) return;
    // A string body goes as text/plain (no preflight), and a cross-origin fetch sends no cookies.
    fetch(url, { method: 'POST', body, keepalive: true }).then(
      (r) => {
        if (r.status === 429 || r.status >= 500) retry(body);
        else tries = 0;
      },
      () => retry(body),
    );
  };

  // A failed send may have arrived (a fetch cut as its page was left, a 503 committed later):
  // its body goes again unchanged, so the server can tell it is the same batch.
  const retry = (body: string) => {
    if (++tries > MAX_TRIES) return;
    again.push(body);
    // A fetch that failed while the page was being left (a timer's batch sent as a navigation
    // began): no timer will run again, so it goes now, as the leave's own batch did.
    if (leaving) flush(true);
    else schedule(1000 * 2 ** tries);
  };

  const flush = (beacon?: boolean) => {
    clearTimeout(timer);
    timer = 0;
    if (beacon) leaving = true;
    if (off()) q = again = []; // the visitor withdrew consent
    while (q.length) again.push(JSON.stringify(Object.assign({ k: config().k }, ids(), { b: rid(), e: q.splice(0, MAX_BATCH) })));
    for (const body of again.splice(0)) post(body, beacon);
  };

  const schedule = (ms: number) => {
    if (!timer) timer = setTimeout(flush, ms);
  };

  const push = (e: Ev) => {
    leaving = false;
    e.ts = e.ts || Date.now();
    e.p = e.p || clean(location.pathname, 300);
    q.push(e);
    if (q.length >= MAX_BATCH) flush();
    else schedule(1000);
  };
  return { push, flush };
}
