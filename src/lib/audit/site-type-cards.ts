/**
 * Site-type signs read from repeated blocks: a grid or list of sibling "cards" built alike (one
 * tag and first class), whatever their words. A shop lists its products as cards each with a
 * picture and one price, bought once (a plan's card prices per month), with or without a button:
 * a feature of the site-type model, weighed by the fit (scripts/train-site-type.mjs). (Posts'
 * cards with a date were tried too: as many dated cards list events, courses and a charity's
 * news as posts, and the round-held-out figure fell, 87.8 -> 87.0.)
 */
import { attr, type Page, type PageElement } from './page';
import type { LayoutSign } from './site-type-layout';
import type { Signals } from './signals';
import { PER_PERIOD } from './site-type-words';

/** Each element's direct children, by index (page.elements is in document order, ancestors outermost first). */
function childrenOf(page: Page): number[][] {
  const children: number[][] = page.elements.map(() => []);
  const open: number[] = [];
  page.elements.forEach((e, i) => {
    open.length = Math.min(open.length, e.ancestors.length);
    const parent = open[e.ancestors.length - 1];
    if (parent !== undefined && open.length === e.ancestors.length) children[parent]!.push(i);
    open[e.ancestors.length] = i;
  });
  return children;
}

/** The end (exclusive) of element i's subtree in page.elements. */
function subtreeEnd(page: Page, i: number): number {
  const depth = page.elements[i]!.ancestors.length;
  let j = i + 1;
  while (j < page.elements.length && page.elements[j]!.ancestors.length > depth) j++;
  return j;
}

/** Groups of three or more siblings of one tag and first class: the items of a grid or a list. */
export function repeatedCards(page: Page): number[][] {
  const groups: number[][] = [];
  for (const kids of childrenOf(page)) {
    const byKind = new Map<string, number[]>();
    for (const k of kids) {
      const e = page.elements[k]!;
      if (!e.text.trim()) continue;
      // The first class names the card's kind; the rest vary (a size, a colour, the card's own name).
      const kind = `${e.tag}.${attr(e, 'class').trim().split(/\s+/)[0]}`;
      byKind.set(kind, [...(byKind.get(kind) ?? []), k]);
    }
    for (const g of byKind.values()) if (g.length >= 3) groups.push(g);
  }
  return groups;
}

const inside = (page: Page, i: number): PageElement[] => page.elements.slice(i + 1, subtreeEnd(page, i));

export function cardSigns(page: Page, s: Signals): LayoutSign[] {
  const signs: LayoutSign[] = [];
  const groups = repeatedCards(page);
  const prices = [...new Set(s.structure.prices.filter((p) => !p.struck).map((p) => p.text.trim()))].filter(Boolean);
  // A product card: its picture, one price bought once, and little else (a plan's card prices per month).
  const product = (i: number): boolean => {
    const e = page.elements[i]!;
    const shown = prices.filter((p) => e.text.includes(p)).length;
    return (
      e.words <= 80 &&
      shown >= 1 &&
      shown <= 2 &&
      !PER_PERIOD.test(e.text) &&
      (e.tag === 'img' || inside(page, i).some((x) => x.tag === 'img' || x.tag === 'picture'))
    );
  };
  if (groups.some((g) => g.filter(product).length >= 4)) signs.push(['ecommerce', 'grid of priced pictures', 1]);

  return signs;
}
