/**
 * Site-type signs that carry to template families the model never saw (issue 38): what a page
 * states in its markup (schema.org Store types, og:type of a business or a product), the age of
 * posts, code named in running text, a software library's documentation not read as a local
 * trade, a grid of priced pictures, the site's name in its copyright line and a charity's
 * registration. Each fires on its shape and not on its look-alike.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { computeSignals, siteTypeEvidence } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const URL = 'https://fixture.example/';
const signs = (body: string, head = '<title>Northwind</title>'): string[] => {
  const page = parseWithGo(`<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`, URL);
  return Object.entries(siteTypeEvidence(URL, page, computeSignals(page))).flatMap(([t, list]) => list.map(([n]) => `${t}:${n}`));
};

describe('site-type signs of unseen families', () => {
  beforeAll(() => void parseWithGo('', URL), 120_000);

  test("a page's own markup: a Store type, a business's or a product's og:type", () => {
    const store = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"ClothingStore","name":"Nord"}</script>';
    expect(signs('<h1>Nord</h1>', `<title>Nord</title>${store}`)).toContain('ecommerce:Store markup');
    expect(signs('<h1>Nord</h1>', '<title>Nord</title><meta property="og:type" content="restaurant.restaurant">')).toContain(
      'local:og:type business',
    );
    expect(signs('<h1>Nord</h1>', '<title>Nord</title><meta property="og:type" content="product.item">')).toContain(
      'ecommerce:og:type product',
    );
    // A plain website says nothing.
    expect(signs('<h1>Nord</h1>', '<title>Nord</title><meta property="og:type" content="website">')).toEqual([]);
  });

  test('posts dated by their age are a publication sign; one age is not', () => {
    expect(signs('<h1>Notes</h1><p>On the road again</p><span>2 days ago</span><p>Coffee</p><span>3 hours ago</span>')).toContain(
      'content:post ages',
    );
    expect(signs('<h1>Notes</h1><p>Updated 2 days ago</p>')).not.toContain('content:post ages');
  });

  test('code named in running text is a manual sign; code inside a block is counted as a block', () => {
    const inline = Array.from({ length: 8 }, (_, i) => `<p>Call <code>fn${i}()</code> first.</p>`).join('');
    expect(signs(`<h1>API</h1>${inline}`)).toContain('docs:code in the text');
    const blocks = `<pre><code>a()</code></pre>`.repeat(8);
    expect(signs(`<h1>API</h1>${blocks}`)).not.toContain('docs:code in the text');
  });

  test("a software library's title names no local trade; a salon's does", () => {
    expect(signs('<h1>Animate</h1>', '<title>Animate | A cross-browser library of CSS animations</title>')).not.toContain(
      'local:local trade named',
    );
    expect(signs('<h1>Studio Nine</h1>', '<title>Studio Nine | Hair salon in Leeds</title>')).toContain('local:local trade named');
  });

  test('a grid of pictures each priced once is a shop sign, with or without buttons; plans per month and a price list are not', () => {
    const card = (name: string, price: string): string =>
      `<div class="card"><img src="/${name}.jpg" alt=""><p>${name}</p><p>${price}</p></div>`;
    const grid = (price: string): string =>
      `<h1>Jeans</h1><div class="grid">${['Skinny', 'Relaxed', 'Bootcut', 'Straight'].map((n) => card(n, price)).join('')}</div>`;
    expect(signs(grid('$24.99'))).toContain('ecommerce:grid of priced pictures');
    // Three cards are a row of features, not a catalogue.
    expect(signs(`<div class="grid">${card('A', '$5').repeat(3)}</div>`)).not.toContain('ecommerce:grid of priced pictures');
    // Plans priced per month are a software seller's.
    expect(signs(grid('$24 / month'))).not.toContain('ecommerce:grid of priced pictures');
    // A price list without pictures (a menu, a table of fees).
    const list = ['Tea', 'Coffee', 'Cake', 'Toast'].map((n) => `<li class="item"><span>${n}</span> <span>£3.50</span></li>`).join('');
    expect(signs(`<h1>Menu</h1><ul>${list}</ul>`)).not.toContain('ecommerce:grid of priced pictures');
  });

  test("the site's name in its copyright line says its trade or cause; a template's credit does not", () => {
    expect(signs('<h1>Welcome</h1><footer>© 2025 Mr.Tu Bakery. All rights reserved</footer>')).toContain('local:local trade named');
    expect(signs('<h1>Welcome</h1><footer>© 2024 Hope Foundation | Privacy</footer>')).toContain('nonprofit:cause vocabulary');
    expect(signs('<h1>Welcome</h1><footer>© 2025 Northwind. Designed by Bakery Themes</footer>')).toEqual([]);
  });

  test("a charity's registration number or its donors' tax relief is a charity statement", () => {
    expect(signs('<h1>Shelter</h1><footer>Registered charity number 1234567</footer>')).toContain('nonprofit:charity statement');
    expect(signs('<h1>Shelter</h1><p>Your gift is tax-deductible.</p>')).toContain('nonprofit:charity statement');
    expect(signs('<h1>Shelter</h1><p>Tax included in the price.</p>')).not.toContain('nonprofit:charity statement');
  });
});
