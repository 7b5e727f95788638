/** Which pages the signed-in scan reads after the home page, and how their findings combine. */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, combineSitePages, pagesToScan, siteLinks } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const home = (links: string) =>
  parseWithGo(
    `<!doctype html><html lang="en"><head><title>Oak and Thread shirts</title></head><body>${links}</body></html>`,
    'https://oak.example/',
  );

describe('the pages of a site the signed-in scan reads', () => {
  beforeAll(() => void parseWithGo('', 'https://oak.example/'), 120_000);

  test("the site's own product, cart and contact links; never another host, the home page or a fragment", () => {
    const links = siteLinks(
      home(`<a href="/"><img alt="Oak"></a><a href="https://evil.example/products/x">Elsewhere</a><a href="http://10.0.0.1/contact">Internal</a>
        <a href="#top">Top</a><a href="/products/linen-shirt?ref=home">Linen shirt</a><a href="/cart">Cart (2)</a><a href="/pages/contact">Write to us</a>`),
    );
    expect(links).toEqual([
      { role: 'product', url: 'https://oak.example/products/linen-shirt' },
      { role: 'cart', url: 'https://oak.example/cart' },
      { role: 'contact', url: 'https://oak.example/pages/contact' },
    ]);
    expect(pagesToScan(links).map((l) => l.role)).toEqual(['product', 'cart', 'contact']);
  });

  test('without a product link: the pricing page, else a listing; at most 4 pages after home', () => {
    expect(pagesToScan(siteLinks(home('<a href="/pricing">Pricing</a><a href="/contact">Contact</a>'))).map((l) => l.role)).toEqual([
      'pricing',
      'contact',
    ]);
    expect(pagesToScan(siteLinks(home('<a href="/collections/shirts">Shirts</a>'))).map((l) => l.role)).toEqual(['category']);
  });

  test('each check once, on the first page where it failed, and every finding names its page', () => {
    const a = auditPage(home('<h1>Shirts</h1>'));
    const b = auditPage(
      parseWithGo(
        '<html><body><h1>Linen shirt</h1><p>$89.00</p><button>Add to cart</button></body></html>',
        'https://oak.example/products/linen-shirt',
      ),
    );
    const all = combineSitePages([
      { url: 'https://oak.example/', role: 'home', result: a },
      { url: 'https://oak.example/products/linen-shirt', role: 'product', result: b },
    ]);
    expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
    for (const f of a.findings) expect(all.find((x) => x.id === f.id)?.page).toBe('https://oak.example/');
    const productOnly = b.findings.filter((f) => !a.findings.some((x) => x.id === f.id));
    expect(productOnly.length).toBeGreaterThan(0);
    for (const f of productOnly) expect(all.find((x) => x.id === f.id)).toMatchObject({ pageRole: 'product' });
  });
});
