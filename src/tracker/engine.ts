import { CHANGES_ELEMENT, SEALED, attributeProblem, cssProblem, sanitizeChangeHtml } from '../lib/contracts/change-sanitizer';
import type { RuleChange } from '../lib/contracts/rule-change';

/** How long after the load event (or an SPA navigation) a selector may take to match. */
const MISSING_AFTER_MS = 5000;
/** Re-applies per element and change set before the engine gives up a fight with the page. */
const MAX_REAPPLY = 5;
/** Marks an applied element while the hide style is in place, so that it alone is shown. */
const SHOWN = 'data-cro-on';
const WHOLE_PAGE = /^(inject_css|redirect)$/;
/** Added elements in one observer batch above which the sets are matched by one query each. */
const MANY = 32;

/**
 * Build flag: true only in the visual editor's bundle (scripts/build-tracker.mjs), where
 * startEngine returns a stop function; the tracker's builds drop that code.
 */
declare const CRO_EDITOR: boolean | undefined;

/** A set of changes for one page: an optimization rule, or an experiment's variant. */
export interface ChangeSet {
  /** Id reported with its telemetry. */
  i: string;
  /** CSS selector of the changed elements. */
  q?: string;
  c: RuleChange[];
  /** An experiment's variant key (the set's id is the experiment's). */
  n?: string;
}

/**
 * How the engine reports: `m` undefined means the set was applied for the first time in this page
 * view (`ms`: time to apply); a message means it failed. At most one of each per set and page view.
 */
export type Report = (s: ChangeSet, m?: string, ms?: number) => void;

/** What an applied change looked like right after it was applied; anything else means the page undid it. */
const probe = (el: HTMLElement, c: RuleChange) =>
  c.type === 'set_text'
    ? el.textContent
    : c.type === 'set_html'
      ? el.innerHTML
      : c.type === 'set_attribute'
        ? el.getAttribute(c.name || '')
        : c.type === 'set_style'
          ? el.style.getPropertyValue(c.name || '')
          : c.type === 'hide'
            ? el.style.display
            : '';

const whole = (s: ChangeSet) => s.c.every((c) => WHOLE_PAGE.test(c.type));
// A set with element changes, or none at all (an experiment's control: found is applied, so both
// arms wait for the same complete element and report alike).
const targeted = (s: ChangeSet) => !!s.q && !(s.c.length && whole(s));

/**
 * The one path by which changes reach a page. `pick` returns the sets for the current URL; it is
 * asked again when the URL changes (History API navigation). A set applies to an element only
 * once the element's subtree is complete (the parser has moved past its end tag, or the document
 * is parsed), so streamed content never mixes with the change; until then, while the document is
 * parsed, the targeted elements alone are hidden, each until it is changed. There is no time cap:
 * an element shown when a timer fires would show its original or half-streamed content and then
 * change, which is the flicker this exists to prevent; a matched element whose change failed stays
 * hidden until the document is parsed (bounded by the page itself). Applying is
 * idempotent; a change the page undoes is re-applied, at most MAX_REAPPLY times per element. One
 * MutationObserver serves every set: it looks at added nodes only, and at the applied elements'
 * own subtrees for undoing. Never throws into the page.
 */
export function startEngine(pick: () => ChangeSet[], report: Report): (() => void) | void {
  const d = document;
  let page = '';
  let sets: ChangeSet[] = [];
  let aimed: ChangeSet[] = []; // the sets with element changes
  let styles: HTMLStyleElement[] = [];
  let state: Record<string, number> = {}; // set id -> 1 applied, 2 failed, 4 matched
  let hider: HTMLStyleElement | undefined;
  let pending: [Element, ChangeSet][] = [];
  const applied: Element[] = [];
  // element -> set id + selector -> the probes after applying, and how many times it was applied
  const done = new WeakMap<Element, Record<string, { v: (string | null)[]; n: number }>>();
  const own = new WeakSet<Element>(); // elements a change created: never targets
  // (A set without flags yet is undefined, which bit operations take as 0.)
  const flag = (s: ChangeSet, bit: number) => state[s.i]! & bit || ((state[s.i]! |= bit), 0);
  // m: a message, or what a change threw (its message is reported)
  const fail = (s: ChangeSet, m: unknown) => flag(s, 2) || report(s, String((m && (m as Error).message) || m || 'Error'));
  const shown = (s: ChangeSet, ms: number) => flag(s, 1) || report(s, undefined, ms);
  const safe = (html: string) => sanitizeChangeHtml(html, (el) => own.add(el));

  const style = (css: string) => {
    const s = d.createElement('style');
    s.textContent = css;
    (d.head || d.documentElement).appendChild(s);
    return s;
  };

  // Complete: the parser has moved past the element's end (it, or an ancestor, has a next sibling).
  const complete = (el: Node | null) => {
    if (d.readyState !== 'loading') return true;
    for (; el && el !== d.documentElement; el = el.parentNode) if (el.nextSibling) return true;
    return false;
  };

  const apply = (el: HTMLElement, s: ChangeSet, again?: boolean) => {
    const t0 = performance.now();
    const mine = done.get(el) || {};
    // Per element and set (id and selector: a multivariate test's sections share the test's id).
    const was = mine[s.i + s.q];
    if (was && !again) return;
    if (was && was.n >= MAX_REAPPLY) return fail(s, 'Change undone by the page: ' + s.q);
    // The element a set lands on decides too (targetProblem): nothing changes a script, style,
    // link..., nor SVG or MathML; such a set is refused there, reported and not shown.
    const tag = el.localName;
    if ((!(el instanceof HTMLElement) || SEALED.test(tag)) && s.c.some((c) => CHANGES_ELEMENT.test(c.type)))
      return fail(s, 'Refused: <' + tag + '> may not be changed');
    // The edge applied this set in the HTML and listed it on the element: it is shown as it came.
    const pre = !was && ('' + el.getAttribute(SHOWN)).includes(s.i);
    try {
      const v: (string | null)[] = [];
      for (const c of s.c) {
        const x = c.value || '';
        // No URL attribute but on a link or media, no `type` on an input (attributeProblem).
        const no = c.type === 'set_attribute' && attributeProblem(c.name || '', x, tag);
        if (pre) {
          /* as the edge sent it */
        } else if (no) fail(s, 'Refused: ' + no);
        else if (c.type === 'set_text') {
          if (el.textContent !== x) el.textContent = x;
        } else if (c.type === 'set_html') el.replaceChildren(safe(x));
        else if (c.type === 'set_attribute') el.setAttribute(c.name || '', x);
        else if (c.type === 'set_style') {
          if (!cssProblem(x)) el.style.setProperty(c.name || '', x);
        } else if (c.type === 'hide') el.style.setProperty('display', 'none', 'important');
        else if (!was && c.type === 'insert_before') el.before(safe(x));
        else if (!was && c.type === 'insert_after') el.after(safe(x));
        v.push(probe(el, c));
      }
      mine[s.i + s.q] = { v, n: was ? was.n + 1 : 1 };
      if (!was) {
        done.set(el, mine);
        applied.push(el);
        if (hider && !pre) el.setAttribute(SHOWN, ''); // the edge's list stays for the element's other sets
        undo.observe(el, { attributes: true, characterData: true, childList: true, subtree: true });
      }
      shown(s, +(performance.now() - t0).toFixed(2));
    } catch (e) {
      fail(s, e);
    }
  };

  const consider = (el: Element, s: ChangeSet) => {
    if (own.has(el)) return;
    flag(s, 4);
    if (complete(el)) apply(el as HTMLElement, s);
    else pending.push([el, s]);
  };

  // The set's elements inside root.
  const within = (root: ParentNode, s: ChangeSet) => root.querySelectorAll(s.q as string).forEach((el) => consider(el, s));

  const scan = () => {
    for (const s of aimed)
      try {
        within(d, s);
      } catch (e) {
        fail(s, e);
      }
  };

  const settle = () => {
    const wait = pending;
    pending = [];
    for (const [el, s] of wait) consider(el, s); // applies the complete ones, keeps the others
  };

  // A selector still matching nothing well after the page (or route) rendered is a failure.
  const missing = () => {
    const at = page;
    setTimeout(() => {
      if (page === at) for (const s of aimed) if (!(state[s.i]! & 5)) fail(s, 'Selector not found: ' + s.q);
    }, MISSING_AFTER_MS);
  };

  // A new page view (first run, History API navigation): its sets, whole-page changes, a full scan.
  const route = () => {
    const now = location.pathname + location.search;
    if (now === page) return;
    page = now;
    state = {};
    for (const s of styles) s.remove();
    styles = [];
    sets = pick();
    aimed = sets.filter(targeted);
    for (const s of sets) {
      // Nothing to wait for: a page-wide set without changes (a control) counts as shown.
      if (!targeted(s) && !s.c.length) shown(s, 0);
      for (const c of s.c) {
        if (c.type === 'inject_css' && !cssProblem(c.value || '')) {
          styles.push(style(c.value || ''));
          if (!targeted(s)) shown(s, 0);
        }
        if (c.type === 'redirect') {
          const to = new URL(c.value || '/', location.href);
          if (to.href !== location.href) {
            shown(s, 0);
            location.replace(to.href);
            return;
          }
        }
      }
    }
    scan();
    if (d.readyState === 'complete') missing();
  };

  let hidAt = 0;
  const unhide = () => {
    if (!hider) return;
    hider.remove();
    hider = undefined;
    for (const el of applied) el.removeAttribute(SHOWN);
    try {
      performance.measure('cro-hide', { start: hidAt }); // to now
    } catch (_) {
      /* old browsers */
    }
  };

  // The document is parsed: every element is complete now; one scan applies the pending ones.
  const parsed = () => {
    pending = []; // the scan finds them again, complete now
    scan();
    unhide();
  };

  // Added nodes, document-wide: only elements, against the targeted sets only. A batch that adds
  // many elements is matched by one query per set instead (native, and its cost does not grow
  // with the number of records).
  const observer = new MutationObserver((records) => {
    try {
      route();
      const els: Element[] = [];
      if (aimed.length)
        for (const r of records) {
          const a = r.addedNodes;
          for (let j = 0; j < a.length && els.length <= MANY; j++) if (a[j]!.nodeType === 1) els.push(a[j] as Element);
        }
      if (els.length > MANY) scan();
      else
        for (const n of els)
          for (const s of aimed)
            try {
              if (n.matches(s.q as string)) consider(n, s);
              if (n.firstElementChild) within(n, s);
            } catch (_) {
              /* an invalid selector is reported by scan */
            }
      settle();
    } catch (_) {
      /* never harm the page */
    }
  });

  // The applied elements' own subtrees: a change whose probe no longer holds was undone by the page.
  const undo = new MutationObserver((records) => {
    try {
      const dirty: Element[] = [];
      for (const r of records)
        for (let n: Node | null = r.target; n; n = n.parentNode)
          if (done.has(n as Element) && dirty.indexOf(n as Element) < 0) dirty.push(n as Element);
      for (const el of dirty) {
        const mine = done.get(el)!;
        for (const s of sets) {
          const was = mine[s.i + s.q];
          if (was && s.c.some((c, k) => probe(el as HTMLElement, c) !== was.v[k])) apply(el as HTMLElement, s, true);
        }
      }
    } catch (_) {
      /* never harm the page */
    }
  });

  route();
  if (d.readyState === 'loading' && aimed.length) {
    hidAt = performance.now();
    hider = style(':is(' + aimed.map((s) => s.q) + '):not([' + SHOWN + ']){visibility:hidden!important}');
  }
  addEventListener('DOMContentLoaded', parsed); // it bubbles from the document to the window
  observer.observe(d.documentElement, { childList: true, subtree: true });
  addEventListener('popstate', route);
  addEventListener('load', missing);
  // The editor previews with this same engine and stops it before each new preview and on close.
  if (typeof CRO_EDITOR !== 'undefined' && CRO_EDITOR)
    return () => {
      observer.disconnect();
      undo.disconnect();
      removeEventListener('DOMContentLoaded', parsed);
      removeEventListener('popstate', route);
      removeEventListener('load', missing);
      for (const s of styles) s.remove();
      unhide();
    };
}
