/**
 * The one place that decides what a rule's change may put into a visitor's page. The server's
 * validation (validateRuleChanges, run by the hooks) refuses set_attribute changes this calls
 * unsafe, and the tracker strips the same from the HTML of set_html / insert_* changes when it
 * applies them (it has the DOM, the hooks do not). Tighten the policy here and both follow.
 */

/** Elements removed from a change's HTML: they load or run code. */
const BLOCKED_ELEMENTS = 'script,iframe,object,embed,link,meta,base,frame,frameset';

/** Event handlers and attributes that run or submit code, or a script-like URL in any attribute. */
export function isUnsafeAttribute(name: string, value: string): boolean {
  return /^on|^srcdoc$|^formaction$/i.test(name) || /^\s*(javascript|vbscript|data):/i.test(value);
}

/**
 * A change's HTML as a fragment without blocked elements or unsafe attributes; `each` sees every
 * element kept (the tracker marks them so that a rule never applies to its own output).
 */
export function sanitizeChangeHtml(html: string, each: (el: Element) => void): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  const f = t.content;
  f.querySelectorAll(BLOCKED_ELEMENTS).forEach((n) => n.remove());
  f.querySelectorAll('*').forEach((el) => {
    each(el);
    for (const a of Array.prototype.slice.call(el.attributes) as Attr[]) if (isUnsafeAttribute(a.name, a.value)) el.removeAttribute(a.name);
  });
  return f;
}
