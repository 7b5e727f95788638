/**
 * The word model (src/lib/audit/site-words.ts) and its fit (tests/helpers/site-words-fit.ts): the
 * words a page is read by, probabilities from weights, a fit that learns kinds apart and is
 * deterministic, and the committed model reading made-up pages of clear kinds as those kinds.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { computeSignals } from '../../src/lib/audit';
import { knownWords, SITE_WORDS_MODEL, wordProbabilities, wordsOfSignals, type SiteWordsModel } from '../../src/lib/audit/site-words';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from '../helpers/audit-pages';
import { fitWords, predictWords, sharedWords, type WordsDoc } from '../helpers/site-words-fit';

const URL = 'https://fixture.example/';
const wordsOf = (html: string): string[] => {
  const page = parseWithGo(html, URL);
  return wordsOfSignals(page, computeSignals(page));
};

describe('the word model', () => {
  beforeAll(() => void parseWithGo('', URL), 120_000);

  test("a page's words: the head's marked 'h:', each word once, three letters or more", () => {
    const words = wordsOf(
      '<html><head><title>Rosa Bakery</title></head><body><nav><a href="/menu">Our menu</a></nav><h1>Fresh bread</h1><p>Bread and cakes, baked at 5 am. Bread!</p></body></html>',
    );
    expect(words).toEqual(expect.arrayContaining(['h:rosa', 'h:bakery', 'h:menu', 'h:fresh', 'h:bread', 'bread', 'cakes', 'baked']));
    expect(words.filter((w) => w === 'bread')).toHaveLength(1);
    expect(words).not.toContain('am');
    expect(words).not.toContain('h:cakes');
  });

  test("the text's long words also give their stem, five letters without accents, shared across languages", () => {
    const en = wordsOf('<html><body><h1>Volunteer with us</h1><p>Our organization feeds families. Donate today.</p></body></html>');
    const pt = wordsOf('<html><body><h1>Seja voluntário</h1><p>Nossa organização alimenta famílias. Faça uma doação.</p></body></html>');
    for (const stem of ['s:volun', 's:organ', 's:famil']) {
      expect(en).toContain(stem);
      expect(pt).toContain(stem);
    }
    // A word of five letters or fewer is its own stem already; each stem counts once.
    expect(en).not.toContain('s:today');
    expect(pt.filter((w) => w === 's:volun')).toHaveLength(1);
  });

  test('probabilities: the known words weigh 1/sqrt(their number); unknown words nothing; they sum to 1', () => {
    const model: SiteWordsModel = {
      classes: ['ecommerce', 'local'],
      bias: [0, 0],
      weights: { cart: [2, 0], menu: [0, 2] },
      training: { pages: 0, repositories: 0, lambda: 0, ownerHeldOut: 0 },
    };
    expect(knownWords(model, ['cart', 'cart', 'menu', 'unknown'])).toEqual([
      { word: 'cart', value: 1 / Math.sqrt(2) },
      { word: 'menu', value: 1 / Math.sqrt(2) },
    ]);
    const p = wordProbabilities(['cart', 'zebra'], model);
    expect(p.ecommerce).toBeCloseTo(Math.exp(2) / (Math.exp(2) + 1), 10);
    expect(p.ecommerce + p.local).toBeCloseTo(1, 12);
    expect(wordProbabilities([], model).local).toBeCloseTo(0.5, 12);
  });

  test('the fit learns kinds apart from words several repositories share, the same way twice', () => {
    const doc = (id: number, kind: SiteType, words: string[]): WordsDoc => ({ id: `d${id}`, source: `o${id}/r`, kind, words });
    const docs = [
      ...[0, 1, 2, 3].map((i) => doc(i, 'ecommerce', ['cart', 'price', 'shop', `brand${i}`])),
      ...[4, 5, 6, 7].map((i) => doc(i, 'content', ['posted', 'comments', 'blog', `brand${i}`])),
    ];
    expect(sharedWords(docs)).toEqual(['blog', 'cart', 'comments', 'posted', 'price', 'shop']);
    const model = fitWords(docs, sharedWords(docs), 0.001);
    expect(model).toEqual(fitWords(docs, sharedWords(docs), 0.001));
    expect(predictWords(model, ['cart', 'price'])).toBe('ecommerce');
    expect(predictWords(model, ['posted', 'blog'])).toBe('content');
  });

  test('the committed model reads clear made-up pages as their kinds', () => {
    expect(Object.keys(SITE_WORDS_MODEL.weights).length).toBeGreaterThan(500);
    const read = (html: string): SiteType => predictWords(SITE_WORDS_MODEL, wordsOf(html));
    expect(
      read(
        '<title>Northwind Store</title><nav><a href="/">Home</a><a href="/shop">Shop</a><a href="/cart">Cart</a></nav><h1>New arrivals</h1><h3>Linen shirt</h3><p>$49.00</p><button>Add to cart</button><h3>Canvas sneakers</h3><p>$79.00</p><button>Add to cart</button><p>Free shipping on orders over $50. Secure checkout.</p>',
      ),
    ).toBe('ecommerce');
    expect(
      read(
        '<title>Getting started - Northwind docs</title><nav><a href="/docs">Documentation</a><a href="/api">API reference</a></nav><h1>Installation</h1><p>Install the package with npm, then import the module and call the configure function with your options.</p><h2>Configuration</h2><p>Each option has a default value. The parameters are described in the API reference.</p>',
      ),
    ).toBe('docs');
    expect(
      read(
        '<title>Jane Doe - Portfolio</title><nav><a href="#about">About me</a><a href="#projects">Projects</a><a href="#resume">Resume</a></nav><h1>Hi, I am Jane, a front-end developer</h1><h2>My projects</h2><h2>Skills</h2><p>JavaScript, CSS, React. I love building things for the web.</p><h2>Contact me</h2>',
      ),
    ).toBe('general');
  });
});
