/**
 * Places a template made for something, read from class and id names ('footer-contact',
 * 'social-icons'). The checks that report something missing stay silent when
 * the page has such a place: it may be filled in a way their rules do not read (an unlabelled
 * number, an icon font they do not know), and on pages first seen such
 * misses were the bulk of their false findings. Names, not words: they hold across languages.
 */
import type { Page, PageElement } from './page';

/** The words of an element's class and id ('footer-contact_box' → footer, contact, box). */
export function classWords(el: PageElement): string[] {
  return `${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
}

/** Elements whose class or id names one of words, holding at least minWords words of text. */
export function namedPlaces(page: Page, words: readonly string[], minWords = 0): PageElement[] {
  return page.elements.filter((el) => el.words >= minWords && classWords(el).some((w) => words.includes(w)));
}
