import { clean, type Ev, type Push } from './types';

/**
 * Page views (including History API navigation), time on page (visible time only) and maximum
 * scroll depth. Scroll is measured on throttled passive scroll events and when leaving, never
 * on the load path.
 */
export function watchPage(push: Push): { leave: () => void } {
  let path = '';
  let first = true;
  let visibleMs = 0;
  let shownAt = 0;
  let scroll = 0;
  let scrollSent = false;
  let checked = 0;
  const now = Date.now;

  const measure = () => {
    const h = document.documentElement.scrollHeight;
    const pct = h ? Math.min(100, Math.round(((scrollY + innerHeight) / h) * 100)) : 100;
    if (pct > scroll) scroll = pct;
  };

  const leave = () => {
    if (!path) return;
    measure();
    const d = Math.min(visibleMs + (shownAt ? now() - shownAt : 0), 216e5);
    const e: Ev = { t: 'lv', p: path, d };
    if (!scrollSent) {
      e.sc = scroll;
      scrollSent = true;
    }
    push(e);
    visibleMs = 0;
    shownAt = document.visibilityState === 'visible' ? now() : 0;
  };

  const view = () => {
    const p = clean(location.pathname, 300);
    if (p === path) return;
    leave();
    path = p;
    scroll = 0;
    scrollSent = false;
    visibleMs = 0;
    shownAt = document.visibilityState === 'visible' ? now() : 0;
    const e: Ev = { t: 'pv', p };
    const r = document.referrer;
    if (first && /^https?:/.test(r)) {
      const u = new URL(r);
      if (u.host !== location.host) e.r = clean(u.origin + u.pathname, 500);
    }
    first = false;
    if (location.search) {
      const q = new URLSearchParams(location.search);
      const utm = { us: 'utm_source', um: 'utm_medium', uc: 'utm_campaign' } as const;
      for (const k in utm) {
        const v = q.get(utm[k as keyof typeof utm]);
        if (v) e[k] = clean(v, 100);
      }
    }
    push(e);
  };

  for (const m of ['pushState', 'replaceState'] as const) {
    const orig = history[m];
    history[m] = function (this: History, ...a: Parameters<History['pushState']>) {
      const r = orig.apply(this, a);
      try {
        view();
      } catch (_) {
        /* never harm the page */
      }
      return r;
    };
  }
  addEventListener('popstate', () => {
    try {
      view();
    } catch (_) {
      /* never harm the page */
    }
  });
  addEventListener(
    'scroll',
    () => {
      if (now() - checked > 250) {
        checked = now();
        measure();
      }
    },
    { passive: true },
  );
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && path) shownAt = now();
  });
  view();
  return { leave };
}
