import { inRollout } from '../lib/assignment';
import { attributeProblem, cssProblem, sanitizeChangeHtml } from '../lib/contracts/change-sanitizer';
import type { RuleChange, TrackerRule } from '../lib/contracts/rule-change';
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import { clean, config, type Push } from './types';

/** Longest the targeted elements stay hidden while the page is parsed (ms). */
export const HIDE_MAX_MS = 1000;
/** How long after the load event (or an SPA navigation) a selector may take to match. */
const MISSING_AFTER_MS = 5000;
const PREVIEW = 'cro_preview';
const WHOLE_PAGE = /^(inject_css|redirect)$/;

/** A change's HTML, sanitized; its elements join `done`, so a selector matching them never applies the rule to its own output. */
const safe = (html: string, done: WeakSet<Element>) => sanitizeChangeHtml(html, (el) => done.add(el));

function change(el: Element, c: RuleChange, done: WeakSet<Element>): void {
  const v = c.value || '';
  const h = el as HTMLElement;
  if (c.type === 'set_text') h.textContent = v;
  else if (c.type === 'set_html') h.replaceChildren(safe(v, done));
  else if (c.type === 'set_attribute') {
    if (!attributeProblem(c.name || '', v)) h.setAttribute(c.name || '', v);
  } else if (c.type === 'set_style') {
    if (!cssProblem(v)) h.style.setProperty(c.name || '', v);
  } else if (c.type === 'hide') h.style.setProperty('display', 'none', 'important');
  else if (c.type === 'insert_before') h.before(safe(v, done));
  else if (c.type === 'insert_after') h.after(safe(v, done));
}

/** Whether a rule's URL pattern covers the current page (the shared URL-pattern semantics). */
export const onPage = (pattern: string | undefined, href: string) => urlPatternMatches(pattern || '', href);

/**
 * Applies the site's enabled rules: before paint when the script runs while the page is parsed
 * (the targeted elements only are hidden, for at most HIDE_MAX_MS), to late elements and after
 * SPA navigation (MutationObserver, popstate). Rollout by the visitor's stable id and the rule's
 * seed; testing-mode rules only with ?cro_preview=<rule id>. Reports one exposure ('ex') per rule
 * per page view and apply failures ('ae': the change threw, or the selector matched nothing 5 s
 * after the load event). `visitor` gives the visitor id, or '' for a visitor who must not be
 * tracked (partial rollouts then never apply). Never throws into the page.
 */
export function runRules(push: Push, visitor: () => string): void {
  const rules = config().r;
  if (!rules || !rules.length) return;
  const d = document;
  let previews: string[] = [];
  try {
    previews = (new URLSearchParams(location.search).get(PREVIEW) || sessionStorage.getItem(PREVIEW) || '').split(',');
    if (previews[0]) sessionStorage.setItem(PREVIEW, previews.join(','));
  } catch (_) {
    /* storage blocked: the parameter works on this page only */
  }
  const seen: Record<string, WeakSet<Element>> = {};
  let page = '';
  let active: TrackerRule[] = [];
  let state: Record<string, number> = {}; // rule id -> 1 exposed, 2 failed, 4 matched
  let styles: HTMLStyleElement[] = [];
  let v = '';
  const has = (r: TrackerRule, bit: number) => (state[r.i] || 0) & bit;
  const mark = (r: TrackerRule, bit: number) => (state[r.i] = (state[r.i] || 0) | bit);

  const eligible = (r: TrackerRule) => {
    if (!onPage(r.u, location.href)) return false;
    if (previews.indexOf(r.i) >= 0) return true;
    if (r.x) return false;
    if (r.p >= 100) return true;
    if (r.p <= 0 || !(v = v || visitor())) return false;
    return inRollout(v, r.s, r.p);
  };

  const fail = (r: TrackerRule, m: unknown) => {
    if (has(r, 2)) return;
    mark(r, 2);
    push({ t: 'ae', id: r.i, m: clean(m || 'Error', 300) });
  };

  const style = (css: string) => {
    const s = d.createElement('style');
    s.textContent = css;
    (d.head || d.documentElement).appendChild(s);
    styles.push(s);
    return s;
  };

  const apply = (r: TrackerRule) => {
    const t0 = performance.now();
    try {
      let done = 0;
      const els = r.q && r.c.some((c) => !WHOLE_PAGE.test(c.type)) ? d.querySelectorAll(r.q) : [];
      const set = seen[r.i] || (seen[r.i] = new WeakSet());
      for (const el of Array.prototype.slice.call(els) as Element[]) {
        mark(r, 4);
        if (set.has(el)) continue;
        set.add(el);
        for (const c of r.c) if (!WHOLE_PAGE.test(c.type)) change(el, c, set);
        done = 1;
      }
      if (!has(r, 1)) {
        for (const c of r.c) {
          if (c.type === 'inject_css' && !cssProblem(c.value || '')) {
            style(c.value || '');
            done = 1;
          }
          if (c.type === 'redirect') {
            const to = new URL(c.value || '/', location.href);
            if (to.href !== location.href) {
              push({ t: 'ex', id: r.i });
              location.replace(to.href);
              return;
            }
          }
        }
      }
      if (done && !has(r, 1)) {
        mark(r, 1);
        push({ t: 'ex', id: r.i, val: Math.round((performance.now() - t0) * 100) / 100 }); // apply time, ms
      }
    } catch (e) {
      fail(r, (e as Error).message || e);
    }
  };

  // A selector still matching nothing well after the page (or route) rendered is a failure.
  const check = () => {
    const at = page;
    setTimeout(() => {
      if (page === at)
        for (const r of active) if (!has(r, 5) && r.c.some((c) => !WHOLE_PAGE.test(c.type))) fail(r, 'Selector not found: ' + r.q);
    }, MISSING_AFTER_MS);
  };

  const run = () => {
    const now = location.pathname + location.search;
    if (now !== page) {
      page = now;
      state = {};
      for (const s of styles) s.remove();
      styles = [];
      active = rules.filter((r) => {
        try {
          return eligible(r);
        } catch (_) {
          return false;
        }
      });
      if (d.readyState === 'complete') check();
    }
    for (const r of active) apply(r);
  };

  run();
  // Before paint: hide only the targeted elements until the page is parsed, bounded.
  const sel = active.filter((r) => r.q && r.c.some((c) => !WHOLE_PAGE.test(c.type))).map((r) => r.q);
  if (d.readyState === 'loading' && sel.length) {
    const t0 = performance.now();
    const hide = style(sel.join(',') + '{visibility:hidden!important}');
    styles.pop();
    let shown = 0;
    const show = () => {
      if (shown++) return;
      run();
      hide.remove();
      try {
        performance.measure('cro-hide', { start: t0 });
      } catch (_) {
        /* old browsers */
      }
    };
    d.addEventListener('DOMContentLoaded', show);
    setTimeout(show, HIDE_MAX_MS);
  }
  new MutationObserver(() => {
    try {
      run();
    } catch (_) {
      /* never harm the page */
    }
  }).observe(d.documentElement, { childList: true, subtree: true });
  addEventListener('popstate', run);
  addEventListener('load', check);
}
