/**
 * The CRO tracker: runs on customers' pages, so it is small, dependency-free and must never
 * harm the host page. One global (`cro`), every entry point guarded, no synchronous network, no
 * cookies, no layout work on the load path. Served per site with its config inlined as CRO_CFG.
 *
 * The snippet is a synchronous script at the top of <head>, so everything it does while it runs
 * delays the host page. While the script runs it only does what cannot wait: the `cro` global
 * (calls are queued), the script's own URL (document.currentScript is gone later), the page's URL
 * and time, listeners that must not miss anything (errors, clicks, scroll, page hide) and, in the
 * full build, the optimization rules (they apply before paint). Everything else (privacy check,
 * storage, the page view, SPA navigation, web vitals, sending) starts after the load event, when
 * the browser is idle (requestIdleCallback, setTimeout where it is missing), or at once if the
 * page is hidden first. Events until then are buffered and follow the page view, so that the
 * page view is recorded exactly once and leads the first batch (the session's entry page,
 * referrer and UTM come from the batch's first event).
 */
import { clean, config, type Ev, type Push } from './types';
import { blocked } from './privacy';
import { ids, optOut, visitor } from './ids';
import { runRules } from './rules';
import { createQueue } from './queue';
import { watchPage, watchScroll } from './page';
import { watchClicks } from './clicks';
import { watchErrors } from './errors';
import { watchVitals } from './vitals';
import { publicApi } from './api';

type Cro = ((...a: unknown[]) => void) & { q?: ArrayLike<unknown>[]; l?: 1 };

/**
 * Build flag (scripts/build-tracker.mjs): true in the full build served to sites with enabled
 * optimization rules, false in the core build, where the rules code is removed entirely.
 */
declare const CRO_RULES: boolean;

try {
  start();
} catch (_) {
  /* never harm the page */
}

function start(): void {
  const w = window as unknown as { cro?: Cro; requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
  const stub = w.cro;
  if (stub && stub.l) return; // loaded twice: keep the first
  const pending = (stub && stub.q) || [];
  const s = document.currentScript as HTMLScriptElement | null;
  const src = (s && s.src) || '';
  const href = location.href;
  let off: boolean | undefined;
  // Do Not Track / GPC, bots, no key: nothing is stored or sent; rules for everyone still apply.
  const isOff = () => (off === undefined ? (off = blocked(config()) || !src) : off);
  const t0 = Date.now();
  let buffer: Ev[] = [];
  // Until the deferred start, events (with their time and page) wait in `buffer`.
  let push: Push = (e) => {
    e.ts = e.ts || Date.now();
    e.p = e.p || clean(location.pathname, 300);
    buffer.push(e);
  };
  const fwd: Push = (e) => push(e);
  const early = publicApi(fwd);
  let api = (a: unknown[]) => (a[0] === 'consent' && isOff()) || early(a); // stores nothing for DNT / GPC
  const cro: Cro = (...a: unknown[]) => {
    try {
      api(a);
    } catch (_) {
      /* never harm the page */
    }
  };
  cro.l = 1;
  w.cro = cro;

  if (CRO_RULES) runRules(fwd, () => (isOff() ? '' : visitor())); // optimizations apply before the page is painted
  watchErrors(fwd);
  watchClicks(fwd, config().g || []);
  watchScroll();
  for (let i = 0; i < pending.length; i++) cro(...Array.prototype.slice.call(pending[i]));

  let started = false;
  let hide = () => {};
  const init = () => {
    if (started) return;
    started = true;
    const events = buffer;
    buffer = [];
    push = () => {};
    if (isOff()) return (api = () => {});
    // Storage is first touched when a batch is sent, or by a rule with a partial rollout (the
    // visitor id decides the assignment).
    const queue = createQueue(src.replace(/^(https?:\/\/[^/]+).*$/, '$1') + '/api/cro/collect', ids, optOut);
    push = queue.push;
    const page = watchPage(push, href, t0); // the page view first
    for (const e of events) push(e);
    let vitals = () => {};
    try {
      vitals = watchVitals(push);
    } catch (_) {
      /* never harm the page */
    }
    hide = () => {
      page.leave();
      vitals();
      queue.flush(true);
    };
  };
  const run = () => {
    try {
      init();
    } catch (_) {
      /* never harm the page */
    }
  };
  const onHide = () => {
    run();
    try {
      hide();
    } catch (_) {
      /* never harm the page */
    }
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') onHide();
  });
  addEventListener('pagehide', onHide);
  const later = () => (w.requestIdleCallback ? w.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 1));
  if (document.readyState === 'complete') later();
  else addEventListener('load', later);
}
