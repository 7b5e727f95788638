// Runs in the rendered page: marks what the audit cannot see in the HTML and returns the DOM.
// data-cro-hidden: not displayed (display:none, visibility:hidden, no box).
// data-cro-box="left,top,width,height": where a link or button is, in page pixels.
// aria-label on icons and SVGs that have an accessible name only in a <title> or title attribute.
(() => {
  for (const el of document.querySelectorAll('body *')) {
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'BR', 'WBR'].includes(el.tagName)) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || el.getClientRects().length === 0) el.setAttribute('data-cro-hidden', '');
  }
  for (const el of document.querySelectorAll('a, button, input[type=submit], input[type=button]')) {
    const r = el.getBoundingClientRect();
    el.setAttribute('data-cro-box', [r.left, r.top + scrollY, r.width, r.height].map(Math.round).join(','));
  }
  for (const el of document.querySelectorAll('svg, [role=img], i[class]')) {
    if (el.getAttribute('aria-label')) continue;
    const name = el.getAttribute('title') || el.querySelector(':scope > title')?.textContent?.trim();
    if (name) el.setAttribute('aria-label', name);
  }
  return '<!doctype html>' + document.documentElement.outerHTML;
})();
