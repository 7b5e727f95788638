import { clean, config, type Ev, type Push } from './types';

/**
 * Clicks (selector, button/link text, page x/y, the offset within the element as fractions of its
 * box, so that heatmaps place it on any layout, and the viewport width), click goals (the
 * config's selectors), outbound links, and submits of forms that form goals name. A top-level
 * handler (registered by index.ts while the script runs): nothing of it is compiled until the
 * first click. Rage and dead clicks are derived by the server from these (pocketbase/eventstore/clickmap).
 */
export function click(ev: MouseEvent, push: Push): void {
  try {
    const goals = config().g || [];
    const t = ev.target as Element | null;
    if (!t || !t.closest) return;
    const el = t.closest('a,button,input,select,textarea,label,summary,[role=button]') || t;
    const r = el.getBoundingClientRect();
    // NaN for an empty box, which JSON sends as null (no offset); the server clamps to the box.
    const frac = (v: number) => +v.toFixed(3);
    const e: Ev = {
      t: 'ck',
      sel: selector(el),
      x: Math.max(0, Math.round(ev.pageX)),
      y: Math.max(0, Math.round(ev.pageY)),
      ox: frac((ev.clientX - r.left) / r.width),
      oy: frac((ev.clientY - r.top) / r.height),
      vw: innerWidth,
    };
    if (el.tagName === 'A' || el.tagName === 'BUTTON') {
      const tx = clean((el.textContent || '').replace(/\s+/g, ' ').trim(), 100);
      if (tx) e.tx = tx;
    }
    for (const g of goals) {
      try {
        if (t.closest(g)) {
          e.gm = g;
          break;
        }
      } catch (_) {
        /* invalid selector in config */
      }
    }
    push(e);
    const a = t.closest('a[href]') as HTMLAnchorElement | null;
    if (a && /^https?:$/.test(a.protocol) && a.host !== location.host) {
      push({ t: 'ob', u: clean(a.protocol + '//' + a.host + a.pathname, 500) });
    }
  } catch (_) {
    /* never harm the page */
  }
}

/** A submitted form matching a form goal's selector: its selector and the goal's. */
export function submit(ev: Event, push: Push): void {
  try {
    const f = ev.target as Element | null;
    if (!f || !f.matches) return;
    for (const g of config().f || []) {
      try {
        if (f.matches(g)) return push({ t: 'fs', sel: selector(f), gm: g });
      } catch (_) {
        /* invalid selector in config */
      }
    }
  } catch (_) {
    /* never harm the page */
  }
}

/** A short CSS path: up to four levels, stopping at an id; tag plus two classes per level. */
export function selector(el: Element): string {
  const parts: string[] = [];
  for (let n: Element | null = el, i = 0; n && i < 4 && n !== document.body && n !== document.documentElement; n = n.parentElement, i++) {
    let s = n.tagName.toLowerCase();
    if (n.id) {
      parts.unshift(s + '#' + n.id);
      break;
    }
    const cls = (n.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) s += '.' + cls.join('.');
    parts.unshift(s);
  }
  return clean(parts.join('>'), 300);
}
