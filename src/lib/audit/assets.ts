import type { Page } from './page';
import { resolveRef } from './url';

/** Stylesheet and script URLs the page references, in order, for measuring by size. */
export function assetReferences(page: Page): string[] {
  const out: string[] = [];
  for (const el of page.elements) {
    let ref = '';
    if (el.tag === 'script' && el.attrs.src) ref = el.attrs.src;
    else if (el.tag === 'link' && /\bstylesheet\b/i.test(el.attrs.rel ?? '') && el.attrs.href) ref = el.attrs.href;
    if (!ref) continue;
    const abs = resolveRef(page.url, ref);
    if (abs && !out.includes(abs)) out.push(abs);
  }
  return out;
}
