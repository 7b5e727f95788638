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
  let timer: ReturnType<typeof setTimeout> | 0 = 0;
  let tries = 0;
  /** The page is being hidden or left (flushed by beacon), until it records events again. */
  let leaving = false;

  const post = (batch: Ev[], beacon: boolean) => {
    if (off()) return; // the visitor withdrew consent
    const id = ids();
    const body = JSON.stringify({ k: config().k, v: id.v, s: id.s, e: batch });
    // A string beacon goes as text/plain;charset=UTF-8 too: no preflight, no Blob needed.
    if (beacon && navigator.sendBeacon && navigator.sendBeacon(url, body)) return;
    // A string body goes as text/plain (no preflight), and a cross-origin fetch sends no cookies.
    fetch(url, { method: 'POST', body, keepalive: true }).then(
      (r) => {
        if (r.status === 429 || r.status >= 500) retry(batch);
        else tries = 0;
      },
      () => retry(batch),
    );
  };

  const retry = (batch: Ev[]) => {
    if (++tries > MAX_TRIES) return;
    q = batch.concat(q);
    // A fetch that failed while the page was being left (a timer's batch sent as a navigation
    // began): no timer will run again, so it goes now, as the leave's own batch did.
    if (leaving) flush(true);
    else schedule(1000 * 2 ** tries);
  };

  const flush = (beacon?: boolean) => {
    clearTimeout(timer);
    timer = 0;
    if (beacon) leaving = true;
    while (q.length) post(q.splice(0, MAX_BATCH), !!beacon);
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
