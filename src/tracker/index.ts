/**
 * The CRO tracker: runs on customers' pages, so it is small, dependency-free and must never
 * harm the host page. One global (`cro`), every entry point guarded, no synchronous network, no
 * cookies, no layout work on the load path. Served per site with its config inlined as CRO_CFG.
 */
import { config } from './types';
import { blocked } from './privacy';
import { ids, optOut, visitor } from './ids';
import { runRules } from './rules';
import { createQueue } from './queue';
import { watchPage } from './page';
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
  const w = window as unknown as { cro?: Cro };
  const stub = w.cro;
  if (stub && stub.l) return; // loaded twice: keep the first
  const pending = (stub && stub.q) || [];
  const s = document.currentScript as HTMLScriptElement | null;
  const off = blocked(config()) || !s || !s.src;
  let api: (a: unknown[]) => void = () => {};
  const cro: Cro = (...a: unknown[]) => {
    try {
      api(a);
    } catch (_) {
      /* never harm the page */
    }
  };
  cro.l = 1;
  w.cro = cro;
  if (off) {
    // Do Not Track / GPC, bots: nothing is stored or sent; rules for everyone still apply.
    if (CRO_RULES) runRules(() => {}, null);
    return;
  }

  // Storage is first touched when a batch is sent, or by a rule with a partial rollout (the
  // visitor id decides the assignment).
  const queue = createQueue(s.src.replace(/^(https?:\/\/[^/]+).*$/, '$1') + '/api/cro/collect', ids, optOut);
  const push = queue.push;
  api = publicApi(push);
  if (CRO_RULES) runRules(push, visitor); // first: optimizations apply before the page is painted
  const page = watchPage(push);
  watchClicks(push, config().g || []);
  watchErrors(push);
  // Web vitals observers read buffered entries, so they can start once the page is idle.
  let vitals = () => {};
  const w2 = window as Window & { requestIdleCallback?: (cb: () => void) => number };
  (w2.requestIdleCallback || setTimeout)(() => {
    try {
      vitals = watchVitals(push);
    } catch (_) {
      /* never harm the page */
    }
  });
  const hide = () => {
    try {
      page.leave();
      vitals();
      queue.flush(true);
    } catch (_) {
      /* never harm the page */
    }
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hide();
  });
  addEventListener('pagehide', hide);
  for (let i = 0; i < pending.length; i++) cro(...Array.prototype.slice.call(pending[i]));
}
