/** What the audit knows about one HTML page: a flat, parser-independent summary. */
export interface PageElement {
  tag: string;
  attrs: Record<string, string>;
  /** Visible text inside the element, whitespace-collapsed, capped at TEXT_CAP characters. */
  text: string;
  /** Words of visible text inside the element (not capped). */
  words: number;
  /** Position of the element in the document's visible text when it opened (characters). */
  textOffset: number;
  /** Tags of the open ancestors, outermost first. */
  ancestors: string[];
}

/** A link or button (pocketbase/htmlpage/structure.go). */
export interface PageControl {
  text: string;
  tag: string;
  href?: string;
  selector: string;
  offset: number;
  /** The nearest landmark: header, nav, aside, footer, form or main. */
  region: 'header' | 'nav' | 'aside' | 'footer' | 'form' | 'main';
  /** A <button>, a submit input, or a link marked as a button by role or class. */
  styled: boolean;
  /** [left, top, width, height] in page pixels, when the page was rendered in a browser. */
  box?: number[];
  /** The rendered page does not show it. */
  hidden?: boolean;
}

export interface PageTestimonial {
  quote: string;
  author: string;
  selector: string;
  source: 'blockquote' | 'class' | 'microdata';
}

export interface PageRating {
  text: string;
  value: number;
  selector: string;
}

export interface PageLogoRow {
  selector: string;
  count: number;
  label: string;
  names: string[];
}

export interface PagePrice {
  text: string;
  amount: number;
  /** A compare-at price: struck through or marked as the old price. */
  struck: boolean;
  selector: string;
}

export interface PageField {
  tag: string;
  type: string;
  name: string;
  /** The visible label ('' when there is none). */
  label: string;
  placeholder: string;
  required: boolean;
  autocomplete: string;
}

export interface PageForm {
  selector: string;
  action: string;
  search: boolean;
  fields: PageField[];
  submits: string[];
  /** A link to a privacy policy inside the form or its container. */
  privacyLink: boolean;
}

export interface PageHeadResource {
  kind: 'script' | 'stylesheet' | 'font';
  url: string;
  host: string;
  thirdParty: boolean;
  /** The browser waits for it before the first paint. */
  blocking: boolean;
}

/** The parts of a page found from its markup by the Go parser. */
export interface PageStructure {
  ids: string[];
  controls: PageControl[];
  testimonials: PageTestimonial[];
  ratings: PageRating[];
  logoRows: PageLogoRow[];
  prices: PagePrice[];
  forms: PageForm[];
  headResources: PageHeadResource[];
}

export const EMPTY_STRUCTURE: PageStructure = {
  ids: [],
  controls: [],
  testimonials: [],
  ratings: [],
  logoRows: [],
  prices: [],
  forms: [],
  headResources: [],
};

export interface Page {
  /** The final URL of the page (after redirects). */
  url: string;
  /** Size of the HTML in bytes (UTF-8). */
  htmlBytes: number;
  elements: PageElement[];
  /** Visible text of the body, whitespace-collapsed. */
  text: string;
  wordCount: number;
  /** Parsed JSON-LD blocks (invalid ones are skipped). */
  jsonLd: unknown[];
  /** Sizes in bytes of the stylesheets and scripts that were measured (-1 = unknown). */
  assetSizes: Record<string, number>;
  structure: PageStructure;
}

export const TEXT_CAP = 1000;

export function byTag(page: Page, ...tags: string[]): PageElement[] {
  return page.elements.filter((e) => tags.includes(e.tag));
}

export function attr(el: PageElement, name: string): string {
  return el.attrs[name] ?? '';
}

export function metaContent(page: Page, key: string): string | null {
  const k = key.toLowerCase();
  const el = page.elements.find(
    (e) => e.tag === 'meta' && ((e.attrs.name ?? '').toLowerCase() === k || (e.attrs.property ?? '').toLowerCase() === k),
  );
  return el ? (el.attrs.content ?? '').trim() : null;
}

/** The elements inside page.elements[index], which follow it in document order. */
export function descendantsOf(page: Page, index: number): PageElement[] {
  const depth = page.elements[index]!.ancestors.length;
  const end = page.elements.findIndex((e, i) => i > index && e.ancestors.length <= depth);
  return page.elements.slice(index + 1, end < 0 ? undefined : end);
}

/**
 * The long <article> elements that are posts: 300 words or more, and not a template's wrapper
 * around the page's own sections (three or more <section>s, or several <h1>s, inside it).
 */
export function longPosts(page: Page): PageElement[] {
  return page.elements.filter((e, i) => {
    if (e.tag !== 'article' || e.words < 300) return false;
    const inside = descendantsOf(page, i);
    return inside.filter((x) => x.tag === 'section').length < 3 && inside.filter((x) => x.tag === 'h1').length < 2;
  });
}

/**
 * Where the page's code samples (<pre>, <code>) sit in page.text, as [start, end) offsets. An
 * element's recorded offset drifts a little from page.text (collapsed spaces), so each sample is
 * found by its first characters near that offset; a sample whose text was capped runs to the next
 * element outside it.
 */
export function codeSpans(page: Page): [number, number][] {
  const find = (text: string, near: number, from = 0): number =>
    text ? page.text.indexOf(text.slice(0, 40), Math.max(from, Math.floor(near * 0.95) - 50)) : -1;
  const spans: [number, number][] = [];
  page.elements.forEach((e, i) => {
    if ((e.tag !== 'pre' && e.tag !== 'code') || e.ancestors.some((a) => a === 'pre' || a === 'code')) return;
    const start = find(e.text, e.textOffset);
    if (start < 0) return;
    let end = start + e.text.length;
    if (e.text.split(' ').length < e.words) {
      const depth = e.ancestors.length;
      const next = page.elements.find((x, j) => j > i && x.ancestors.length <= depth && x.text);
      const at = next ? find(next.text, next.textOffset, end) : -1;
      end = at > start ? at : page.text.length;
    }
    spans.push([start, end]);
  });
  return spans;
}

/** Case-insensitive test of the visible text against any of the patterns. */
export function textMatches(page: Page, pattern: RegExp): boolean {
  return pattern.test(page.text);
}

/** Every schema.org type named by JSON-LD (@type, nested @graph) or microdata itemtype. */
export function schemaTypes(page: Page): Set<string> {
  const types = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (depth > 6 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((n) => visit(n, depth + 1));
      return;
    }
    const obj = node as Record<string, unknown>;
    const t = obj['@type'];
    (Array.isArray(t) ? t : [t]).forEach((x) => typeof x === 'string' && types.add(x.toLowerCase()));
    Object.keys(obj).forEach((k) => visit(obj[k], depth + 1));
  };
  page.jsonLd.forEach((n) => visit(n, 0));
  page.elements.forEach((e) => {
    const it = e.attrs.itemtype;
    if (it) it.split(/\s+/).forEach((u) => u && types.add(u.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase()));
  });
  return types;
}

/**
 * What is drawn inside each <a> and <button> (icon classes, SVG titles and labels, image alts),
 * keyed by the control's index in page.elements: an icon-only control is named by its icon. Elements
 * come in document order, so a control's descendants are the elements right after it that are
 * nested deeper inside it. An SVG's <title> is its accessible name.
 */
/**
 * Whether an unnamed SVG draws a shopping trolley: a body and two equal wheels side by side in the
 * lower part of the picture (Feather's and Lucide's cart, and hand-drawn ones). A person (one
 * circle) or a pair of eyes at the top is not one.
 */
function drawsTrolley(svg: PageElement[]): boolean {
  const root = svg.find((e) => e.tag === 'svg');
  const wheels = svg.filter((e) => e.tag === 'circle').map((c) => ['cx', 'cy', 'r'].map((k) => Number.parseFloat(c.attrs[k] ?? '')));
  if (!root || wheels.length !== 2 || !svg.some((e) => e.tag === 'path' || e.tag === 'polyline')) return false;
  const height = Number.parseFloat((root.attrs.viewBox ?? root.attrs.viewbox ?? '').split(/[\s,]+/)[3] ?? root.attrs.height ?? '');
  const [[x1, y1, r1], [x2, y2, r2]] = wheels as [number[], number[]];
  if (![x1, y1, r1, x2, y2, r2, height].every((n) => Number.isFinite(n!)) || !height) return false;
  return r1 === r2 && r1! > 0 && r1! <= height / 6 && y1 === y2 && y1! >= height * 0.6 && Math.abs(x1! - x2!) > 2 * r1!;
}

export function linkIcons(page: Page): Map<number, string> {
  const out = new Map<number, string>();
  const els = page.elements;
  for (let i = 0; i < els.length; i++) {
    const a = els[i]!;
    if (a.tag !== 'a' && a.tag !== 'button') continue;
    const depth = a.ancestors.length;
    const parts: string[] = [];
    const svg: PageElement[] = [];
    for (let j = i + 1; j < els.length && j < i + 40; j++) {
      const d = els[j]!;
      if (d.ancestors.length <= depth || d.ancestors[depth] !== a.tag) break;
      if (d.tag === 'svg' || d.ancestors.includes('svg')) svg.push(d);
      const drawn = d.tag === 'img' ? d.attrs.alt : d.tag === 'title' ? d.text : '';
      const name = [d.attrs.class, d.attrs['aria-label'], d.attrs.title, drawn].filter(Boolean).join(' ');
      if (name) parts.push(name);
    }
    if (drawsTrolley(svg)) parts.push('cart');
    const own = [a.attrs['aria-label'], a.attrs.title, a.attrs.class, a.attrs.id].filter(Boolean).join(' ');
    if (parts.length || own) out.set(i, [own, ...parts].join(' ').trim());
  }
  return out;
}
