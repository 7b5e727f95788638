/**
 * A site's kind from its words alone: a multinomial logistic regression over the words a page
 * shows, those of its title, description, headings and menu apart from the rest of its text. It is
 * trained on a set of template pages collected for it, each labelled by the kind of site its
 * repository says it is (tests/fixtures/scan/textset/), and on the scan corpus's tuning half
 * (`npm run train:site-words`), never on its blind half, which still judges it. Its answer is one
 * sign among the site-type model's (site-type.ts), whose weight the tuning half fits.
 */
import type { SiteType } from '../site-type';
import { isFillerWord } from './filler';
import type { Page } from './page';
import { metaContent } from './page';
import { menuTexts, type Signals } from './signals';
import trained from './site-words-model.json' with { type: 'json' };

export interface SiteWordsModel {
  /** The kinds, in the order of each word's weights. */
  classes: SiteType[];
  bias: number[];
  /** A word's weight for each kind; a head word is keyed 'h:word'. Words not here count for nothing. */
  weights: Record<string, number[]>;
  /** How the weights were fitted (for the record). */
  training: { pages: number; repositories: number; lambda: number; ownerHeldOut: number };
}

export const SITE_WORDS_MODEL = trained as SiteWordsModel;

/** A word: three or more letters of any script (a number or a two-letter word says little of a kind). */
const WORD = /\p{L}{3,24}/gu;
/** The text read: a long page's kind shows in its first screens as well as in all of it. */
const TEXT_CHARS = 20_000;

/** The page's own naming of itself: its title, description, first headings and menu. */
function headText(page: Page, headings: string[], menu: string[]): string {
  const title = page.elements.filter((e) => e.tag === 'title').map((e) => e.text);
  return [...title, metaContent(page, 'description') ?? '', ...headings.slice(0, 8), ...menu].join(' \n ');
}

/** The text's words, without the filler generators' pseudo-Latin (it says only that a page is a template's). */
function wordsIn(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => !isFillerWord(w)));
}

/**
 * The page's words as the model reads them: each word of the head once as 'h:word', each word of
 * the text once as itself (presence, not counts: a word repeated in every card is one fact), and
 * the text's stems.
 */
export function pageWords(page: Page, headings: string[], menu: string[]): string[] {
  const head = [...wordsIn(headText(page, headings, menu))].map((w) => `h:${w}`);
  const text = wordsIn(page.text.slice(0, TEXT_CHARS));
  return [...head, ...text, ...stemsOf(text)];
}

/** Letters a stem keeps: enough to tell 'volunteer' from 'volume', few enough to share it with 'voluntário'. */
const STEM = 5;
/** The marks NFD splits off accented letters ('á' is 'a' and a mark). */
const ACCENTS = /\p{M}/gu;

/**
 * Each long word's first letters without accents, once, as 's:stem': the Romance languages share
 * many kinds' stems with English ('volunteer' and 'voluntariado', 'organization' and
 * 'organização', 'product' and 'produto'), so a page in a language the set has few pages of
 * still shows words the model knows.
 */
function stemsOf(words: Set<string>): string[] {
  const stems = new Set<string>();
  for (const w of words) if (w.length > STEM) stems.add(`s:${w.normalize('NFD').replace(ACCENTS, '').slice(0, STEM)}`);
  return [...stems];
}

/** pageWords from the page's signals: its headings, and its menu (the header's and navigation's links and buttons). */
export function wordsOfSignals(page: Page, s: Pick<Signals, 'headings' | 'structure'>): string[] {
  return pageWords(page, s.headings, menuTexts(s));
}

/**
 * The words the model knows, each worth 1/sqrt(how many it knows on the page): a long page and a
 * short one weigh alike.
 */
export function knownWords(model: SiteWordsModel, words: string[]): { word: string; value: number }[] {
  const known = [...new Set(words)].filter((w) => Object.prototype.hasOwnProperty.call(model.weights, w));
  const value = known.length ? 1 / Math.sqrt(known.length) : 0;
  return known.map((word) => ({ word, value }));
}

/** Fewer known words than this say nothing of a kind: the answer would be the model's bias alone. */
export const WORDS_NEEDED = 30;

/** Each kind's probability from the page's words (softmax of bias plus the known words' weights). */
export function wordProbabilities(words: string[], model: SiteWordsModel = SITE_WORDS_MODEL): Record<SiteType, number> {
  const scores = [...model.bias];
  for (const { word, value } of knownWords(model, words)) {
    const w = model.weights[word]!;
    for (let k = 0; k < scores.length; k++) scores[k]! += w[k]! * value;
  }
  const top = Math.max(...scores);
  const exp = scores.map((x) => Math.exp(x - top));
  const total = exp.reduce((a, b) => a + b, 0);
  return Object.fromEntries(model.classes.map((c, k) => [c, exp[k]! / total])) as Record<SiteType, number>;
}
