/**
 * When a finding's evidence is "quoted as found": its excerpt is text the page has, every id and
 * class its selector names is on the page, and the tag it names is there. One rule for the audit's
 * last step (evidence-guard.ts, judging the parsed page) and the corpus bench (judging the raw HTML).
 */
import type { Evidence } from './types';

/** Text as compared: entities' no-break spaces as spaces, whitespace collapsed, lower case. */
export const normQuote = (s: string): string =>
  s
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The pieces an excerpt quotes: it may be cut at either end (…), and a list quotes each of its items. */
export function quoteParts(sample: string): string[] {
  return normQuote(sample.replace(/^…|…$/g, ''))
    .split(/ \/ |, /)
    .map((part) => part.replace(/…$/, ''));
}

/**
 * A CSS name as a selector writes it: ASCII letters, digits, _ and -, any non-ASCII letter, and
 * escapes as CSS.escape writes them (`\\:`, or `\\31 ` for a leading digit; a hex escape may end in one space).
 */
export const CSS_NAME = '(?:[\\w-]|[\\u0080-\\uffff]|\\\\[0-9a-f]{1,6}[ \\t\\n]?|\\\\[^0-9a-f\\n])+';

/** A CSS name with its escapes read: the name an id or class attribute carries. */
export function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-f]{1,6})[ \t\n]?|\\([^0-9a-f\n])/gi, (_m, hex: string | undefined, ch: string | undefined) => {
    if (ch !== undefined) return ch;
    const code = parseInt(hex!, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  });
}

/** The ids (#) and classes (.) a selector names, escapes read, lower case. */
export function selectorNames(selector: string): { kind: '#' | '.'; name: string }[] {
  return [...selector.matchAll(new RegExp(`([#.])(${CSS_NAME})`, 'gi'))].map((m) => ({
    kind: m[1] as '#' | '.',
    name: unescapeCss(m[2]!).toLowerCase(),
  }));
}

/** A selector's compound parts (a hex escape's one trailing space belongs to its name). */
export function compoundParts(selector: string): string[] {
  return selector.match(/(?:\\[0-9a-f]{1,6}[ \t\n]?|\\[^\n]|[^\s\\])+/gi) ?? [];
}

/** The tag an element like `<meta name="viewport">` names (descriptions such as 'visible text' name none). */
export function elementTag(element: string): string | undefined {
  return /^<([a-z0-9-]+)/i.exec(element)?.[1]?.toLowerCase();
}

/** What a page offers to quote from; every string it is asked about is already lower case. */
export interface QuoteSource {
  /** The text (or markup) contains this normalised piece. */
  hasText(part: string): boolean;
  hasId(id: string): boolean;
  hasClass(name: string): boolean;
  hasTag(tag: string): boolean;
}

export function sampleFound(sample: string, on: QuoteSource): boolean {
  return quoteParts(sample).every((part) => on.hasText(part));
}

export function selectorFound(selector: string, on: QuoteSource): boolean {
  return selectorNames(selector).every(({ kind, name }) => (kind === '#' ? on.hasId(name) : on.hasClass(name)));
}

export function elementFound(element: string, on: QuoteSource): boolean {
  const tag = elementTag(element);
  return !tag || on.hasTag(tag);
}

/** Whether the evidence's excerpt, selector and element are all on the page as quoted. */
export function quotedAsFound(e: Evidence, on: QuoteSource): boolean {
  return (
    (!e.sample || sampleFound(e.sample, on)) &&
    (!e.selector || selectorFound(e.selector, on)) &&
    (!e.element || elementFound(e.element, on))
  );
}

/** Whether the evidence points at something on the page (an element, selector or excerpt). */
export function pointsAtPage(e: Evidence): boolean {
  return Boolean(e.sample || e.selector || e.element);
}

/** The raw HTML as a source (the bench's view): text or markup, ids as written, classes anywhere in it. */
export function htmlSource(pageText: string, html: string): QuoteSource {
  const text = normQuote(pageText);
  const markup = normQuote(html);
  return {
    hasText: (part) => text.includes(part) || markup.includes(part),
    // An id as written: id="x", id='x' or id = "x".
    hasId: (id) => new RegExp(`\\bid\\s*=\\s*["']?${id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["'\\s>]`).test(markup),
    hasClass: (name) => markup.includes(name),
    hasTag: (tag) => markup.includes(`<${tag}`),
  };
}
