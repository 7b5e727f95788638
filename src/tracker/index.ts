/**
 * The CRO tracker: runs on customers' pages, so it is small, dependency-free and must never
 * harm the host page. One global (`cro`), every entry point guarded, no synchronous network, no
 * cookies, no layout work on the load path. Served per site with its config inlined as CRO_CFG.
 *
 * The snippet is a synchronous script at the top of <head>, so everything it does while it runs
 * delays the host page. While the script runs it only does what cannot wait (`start`): the `cro`
 * global, the page's URL and time,
 * listeners that must not miss anything (errors, clicks, scroll, page hide) and, in the full
 * build, the optimization rules (they apply before paint). Everything else (privacy check,
 * storage, the page view, SPA navigation, web vitals, sending) starts when the browser is first
 * idle (requestIdleCallback, 2 s at the latest; setTimeout where it is missing), which is after
 * the page has loaded unless it waits on the network, or at once if the page is hidden first
 * (`init`); no load listener, whose call cost 1 to 2 ms of the load at 4x CPU throttling.
 * Events until then are buffered and follow the page view, so that the page view is recorded
 * exactly once and leads the first batch (the session's entry page, referrer and UTM come from
 * the batch's first event).
 *
 * The deferred code and the listeners are top-level functions: V8 compiles a function lazily,
 * when it is first called, so code that does not run at load costs nothing at load.
 */
import { clean, config, type Ev, type Push } from './types';
import { blocked } from './privacy';
import { ids, optOut } from './ids';
import { runRules } from './rules';
import { createQueue } from './queue';
import { onScroll, watchPage } from './page';
import { click, submit } from './clicks';
import { error } from './errors';
import { watchVitals } from './vitals';
import { publicApi } from './api';
import { sessionSampled } from '../lib/contracts/recorder-config';

/**
 * The global. The loader snippet's stub (src/lib/tracking-snippet.ts) brings `r`, which releases
 * its hide stylesheet, the early errors `e`, and sets `to` when it gave up waiting for this script.
 */
type Cro = ((...a: unknown[]) => void) & {
  q?: ArrayLike<unknown>[];
  l?: 1;
  to?: 1;
  r?: () => void;
  /** Errors the page threw before this script ran, and the snippet's listener that kept them. */
  e?: (ErrorEvent | PromiseRejectionEvent)[];
  f?: EventListener;
};
type Recorder = { r: (cfg: ReturnType<typeof config>, i: typeof ids, o: typeof optOut) => void };
type Win = { cro?: Cro; requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };

/**
 * Build flag (scripts/build-tracker.mjs): true in the full build served to sites with enabled
 * optimization rules, false in the core build, where the rules code is removed entirely.
 */
declare const CRO_RULES: boolean;

let src: string | undefined;
let href = '';
let t0 = 0;
let off: boolean | undefined;
let started = false;
let buffer: Ev[] = [];
/** Until `init`, events (with their time and page) wait in `buffer`. */
let push: Push = (e) => {
  e.ts = e.ts || Date.now();
  e.p = e.p || clean(location.pathname, 300);
  buffer.push(e);
};
const fwd: Push = (e) => push(e);
let api: ((a: unknown[]) => void) | undefined;
let hide = () => {};
/** The page is hidden and its leave was sent; cleared when it is shown again. */
let gone = false;
/** An edit token from the URL fragment, until the editor's module is requested. */
let edit = '';

try {
  start();
} catch (_) {
  /* never harm the page */
}

function start(): void {
  const w = window as unknown as Win;
  const stub = w.cro;
  if (stub && stub.l) return; // loaded twice: keep the first
  href = document.URL;
  t0 = Date.now();
  const cro: Cro = (...a: unknown[]) => call(a);
  cro.l = 1;
  cro.to = stub && stub.to; // the loader gave up: this page view stays measure-only, and says so
  w.cro = cro;
  // Optimizations apply before the page is painted; not when the loader gave up waiting for this
  // script, since the page has then been shown with its original content.
  if (CRO_RULES && !cro.to) runRules(fwd, () => !isOff());
  if (stub && stub.r) stub.r(); // the engine hides what it still changes: the loader's stylesheet may go
  if (stub && stub.f) {
    removeEventListener('error', stub.f);
    removeEventListener('unhandledrejection', stub.f);
    for (const e of stub.e || []) error(e, fwd);
  }
  addEventListener('error', (e) => error(e, fwd));
  addEventListener('unhandledrejection', (e) => error(e, fwd));
  addEventListener('click', (e) => click(e, fwd), { capture: true, passive: true });
  // Form submits are reported only for sites with form goals (the config lists their selectors).
  if (config().f) addEventListener('submit', (e) => submit(e, fwd), { capture: true, passive: true });
  addEventListener('scroll', onScroll, { passive: true });
  // A page exit fires pagehide and visibilitychange (either may be missing, e.g. on mobile): the
  // first one sends, the other finds `gone`; a tab shown again counts its time anew.
  addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? onHide() : (gone = false)));
  addEventListener('pagehide', onHide);
  later(); // idle callbacks come once the page has stopped loading (or after 2 s at the latest)
  // The visual editor, opened by an owner's edit link (#cro-edit=<token>, src/lib/visual-editor.ts):
  // the token leaves the URL and history at once; our server answers the module only for a valid
  // token of this site, and only that module imports the editor. A bad token loads nothing.
  // Imported at idle time, when our origin is known.
  const m = /cro-edit=(\w+)/.exec(location.hash);
  if (m) {
    history.replaceState(history.state, '', location.href.split('#')[0]);
    edit = m[1]!;
  }
  const pending = (stub && stub.q) || [];
  for (let i = 0; i < pending.length; i++) call(Array.from(pending[i]!));
}

/** Do Not Track / GPC, bots, no key: nothing is stored or sent; rules for everyone still apply. */
function isOff(): boolean {
  return off === undefined ? (off = blocked(config()) || !origin()) : off;
}

/**
 * The origin that served this script (its collect endpoint), '' if unknown; looked up when first
 * needed, normally at idle time after loading: the script's resource timing entry, else its element.
 * Not document.currentScript while the script runs: it creates the page's first element wrapper
 * while the page waits for this script (1 to 5 ms at 4x CPU throttling).
 */
function origin(): string {
  if (src === undefined) {
    const k = '/t/' + config().k + '.js';
    const s = document.querySelector('script[src*="' + k + '"]') as HTMLScriptElement | null;
    let u = s ? s.src : '';
    for (const e of performance.getEntriesByType('resource')) if (e.name.indexOf(k) > 0) u = e.name;
    const m = /^https?:\/\/[^/]+/.exec(u);
    src = m ? m[0] : '';
  }
  return src;
}

/** The public API; before `init` its events are buffered ('consent' stores nothing for DNT / GPC). */
function call(a: unknown[]): void {
  try {
    if (!api) api = publicApi(fwd);
    if (!(a[0] === 'consent' && isOff())) api(a);
  } catch (_) {
    /* never harm the page */
  }
}

function later(): void {
  const w = window as unknown as Win;
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}

function run(): void {
  try {
    if (edit) import(origin() + '/t/e/' + edit + '.js?k=' + config().k).catch(() => {});
    edit = '';
    init();
  } catch (_) {
    /* never harm the page */
  }
}

/**
 * Page exit or tab hidden. Before the idle start, it starts now: the page view and the buffered
 * events (exposures before paint) go in this exit's beacon, and the idle start later does nothing.
 */
function onHide(): void {
  if (gone) return;
  gone = true;
  run();
  try {
    hide();
  } catch (_) {
    /* never harm the page */
  }
}

/** Everything that can wait; once, at idle time or when the page hides. */
function init(): void {
  if (started) return;
  started = true;
  const events = buffer;
  buffer = [];
  push = () => {};
  if (isOff()) return;
  // Storage is first touched when a batch is sent, or by a rule with a partial rollout (the
  // visitor id decides the assignment).
  const queue = createQueue(origin() + '/api/cro/collect', ids, optOut);
  push = queue.push;
  const page = watchPage(push, href, t0); // the page view first
  for (const e of events) push(e);
  let vitals = () => {};
  try {
    vitals = watchVitals(push);
  } catch (_) {
    /* never harm the page */
  }
  // Session recording: the recorder chunk is fetched now, at idle time, for sampled sessions only.
  const rec = config().v;
  if (rec && sessionSampled(ids().s, rec.s))
    import(origin() + rec.u).then(
      (m: Recorder) => m.r(config(), ids, optOut),
      () => {},
    );
  // Ecommerce capture (full build; the server sends it to sites that capture ecommerce events):
  // the chunk that reads the page's dataLayer and reports through `cro('track', ...)`.
  if (CRO_RULES && config().o) import(origin() + config().o).catch(() => {});
  // On-page surveys (full build; the server sends them to sites with an active survey): the widget
  // chunk (src/survey) decides which survey this page shows, when, and whether the visitor has seen it.
  if (CRO_RULES && config().y)
    import(origin() + config().y!.u).then(
      (m: Recorder) => m.r(config(), ids, optOut),
      () => {},
    );
  hide = () => {
    page.leave();
    vitals();
    queue.flush(true);
  };
}
