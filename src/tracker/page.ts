import { clean, type Ev, type Push } from './types';

// Maximum scroll depth of the current page view (%), and when it was last measured.
let scroll = 0;
let checked = 0;

const measure = () => {
  const h = document.documentElement.scrollHeight;
  const pct = h ? Math.min(100, Math.round(((scrollY + innerHeight) / h) * 100)) : 100;
  if (pct > scroll) scroll = pct;
};

/**
 * The passive scroll listener, registered by index.ts while the script runs (no layout work until
 * the visitor scrolls), so that scrolling before the tracker's deferred start still counts.
 */
export function onScroll(): void {
  if (Date.now() - checked > 250) {
    checked = Date.now();
    measure();
  }
}

/**
 * Page views (including History API navigation), time on page (visible time only) and maximum
 * scroll depth. Started at idle time (see index.ts): the first page view is the page as
 * it was when the script ran (`href`, at `t0`), then the current one if an SPA navigated since.
 */
export function watchPage(push: Push, href: string, t0: number): { leave: () => void } {
  let path = '';
  let first = true;
  let visibleMs = 0;
  let shownAt = 0;
  let scrollSent = false;
  const now = Date.now;

  const leave = () => {
    if (!path) return;
    measure();
    const d = Math.min(visibleMs + (shownAt ? now() - shownAt : 0), 216e5);
    const e: Ev = { t: 'lv', p: path, d, vw: innerWidth };
    if (!scrollSent) {
      e.sc = scroll;
      scrollSent = true;
    }
    push(e);
    visibleMs = 0;
    shownAt = document.visibilityState === 'visible' ? now() : 0;
  };

  const view = (at?: URL) => {
    const l = at || location;
    const p = clean(l.pathname, 300);
    if (p === path) return;
    leave();
    path = p;
    if (!at) scroll = 0; // the first view keeps what was scrolled before the tracker started
    scrollSent = false;
    visibleMs = 0;
    shownAt = document.visibilityState === 'visible' ? (at ? t0 : now()) : 0;
    const e: Ev = { t: 'pv', p };
    if (at) e.ts = t0;
    const r = document.referrer;
    if (first && /^https?:/.test(r)) {
      const u = new URL(r);
      if (u.host !== location.host) e.r = clean(u.origin + u.pathname, 500);
    }
    first = false;
    if (l.search) {
      const q = new URLSearchParams(l.search);
      const utm = { us: 'utm_source', um: 'utm_medium', uc: 'utm_campaign' } as const;
      let k: keyof typeof utm;
      for (k in utm) {
        const v = q.get(utm[k]);
        if (v) e[k] = clean(v, 100);
      }
    }
    push(e);
  };

  const navigated = () => {
    try {
      view();
    } catch (_) {
      /* never harm the page */
    }
  };
  for (const m of ['pushState', 'replaceState'] as const) {
    const orig = history[m];
    history[m] = function (this: History, ...a: Parameters<History['pushState']>) {
      const r = orig.apply(this, a);
      navigated();
      return r;
    };
  }
  addEventListener('popstate', navigated);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && path) shownAt = now();
  });
  view(new URL(href));
  view(); // an SPA navigation between the script and now
  return { leave };
}
