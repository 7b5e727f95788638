/**
 * Shows the current variant on the live page through the tracker's own change engine
 * (src/tracker/engine.ts, built with its stop function for the editor), and takes it back off:
 * before each new preview and on close, the page gets back its own nodes (children moved back,
 * attributes restored, inserted copies removed), so nothing the editor did stays.
 */
import type { RuleChange } from '../lib/contracts/rule-change';
import { startEngine } from '../tracker/engine';

interface Snapshot {
  el: Element;
  kids: Node[];
  /** Every text node inside and its text: in-place typing changes the page's own text nodes. */
  texts: [Text, string][];
  attrs: [string, string][];
  parent: ParentNode | null;
  siblings: Node[];
}

let stop: (() => void) | void;
let snaps: Snapshot[] = [];
/** Reports of a stopped engine's timers (its missing-selector check) are ignored. */
let generation = 0;

/** Applies `changes` to the elements of `selector` as visitors would get them; problems go to `fail`. */
export function preview(selector: string, changes: RuleChange[], fail: (message: string) => void): void {
  revert();
  if (!changes.length) return;
  let els: Element[] = [];
  try {
    els = selector ? Array.from(document.querySelectorAll(selector)) : [];
  } catch (_) {
    /* the engine reports an invalid selector */
  }
  snaps = els.map((el) => ({
    el,
    kids: Array.from(el.childNodes),
    texts: textsOf(el),
    attrs: Array.from(el.attributes).map((a) => [a.name, a.value] as [string, string]),
    parent: el.parentNode,
    siblings: el.parentNode ? Array.from(el.parentNode.childNodes) : [],
  }));
  const mine = ++generation;
  stop = startEngine(
    () => [{ i: 'cro-editor', q: selector || undefined, c: changes }],
    (_s, m) => {
      if (m && mine === generation) fail(m);
    },
  );
}

/** Stops the engine only: the page keeps what it shows (in-place text editing starts from it). */
export function pause(): void {
  generation++;
  if (stop) stop();
  stop = undefined;
}

/** Takes the preview off the page. */
export function revert(): void {
  pause();
  for (const s of snaps) {
    if (s.parent) for (const n of Array.from(s.parent.childNodes)) if (!s.siblings.includes(n)) (n as ChildNode).remove();
    s.el.replaceChildren(...s.kids);
    for (const [t, v] of s.texts) if (t.data !== v) t.data = v;
    for (const a of Array.from(s.el.attributes)) if (!s.attrs.some(([n]) => n === a.name)) s.el.removeAttribute(a.name);
    for (const [n, v] of s.attrs) if (s.el.getAttribute(n) !== v) s.el.setAttribute(n, v);
  }
  snaps = [];
}

function textsOf(el: Element): [Text, string][] {
  const out: [Text, string][] = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) out.push([n as Text, (n as Text).data]);
  return out;
}
