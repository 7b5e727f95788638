/**
 * An inner page's site is typed from its site's home page too (src/lib/audit/site-home.ts): the
 * public scan reads the home (the root, then the page's own home link when the root is no page)
 * and judges the site from both pages' signs, while the page keeps its own page type and checks.
 * Pages are parsed by the server's parser; the fetcher stands in for the guarded one.
 */
import { describe, expect, test } from 'vitest';
import { auditPage, homeUrlsOf, readHome, toScanResponse, type HomeFetch, type Page } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const CONTACT = `<!doctype html><html lang="en"><head><title>Contact – Linden &amp; Co</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<header><a class="logo" href="/">Linden &amp; Co</a><nav><a href="/">Home</a><a href="/contact.html">Contact</a></nav></header>
<main><h1>Get in touch</h1><p>Questions about an order? Write to us and we answer within a day.</p>
<form action="/send" method="post"><label>Name <input name="name"></label><label>Email <input type="email" name="email"></label>
<label>Message <textarea name="message"></textarea></label><button type="submit">Send</button></form></main>
<footer><p>© 2026 Linden &amp; Co</p></footer></body></html>`;

const product = (name: string, price: string): string =>
  `<div class="card"><img src="/img/${name}.jpg" alt="${name} in oak"><h3>${name}</h3><p class="price">${price}</p>` +
  `<button class="btn">Add to cart</button></div>`;
const SHOP_HOME = `<!doctype html><html lang="en"><head><title>Linden &amp; Co – handmade furniture</title></head><body>
<header><a class="logo" href="/">Linden &amp; Co</a><nav><a href="/shop">Shop</a><a href="/cart">Cart (0)</a></nav></header>
<main><h1>Handmade furniture</h1><section><h2>New this week</h2>
${product('Stool', '$89.00')}${product('Bench', '$240.00')}${product('Side table', '$180.00')}${product('Shelf', '$120.00')}
</section><p>Free shipping on orders over $150. 30-day returns.</p></main>
<footer><a href="/shipping">Shipping</a> <a href="/returns">Returns</a><p>© 2026 Linden &amp; Co</p></footer></body></html>`;

const contactPage = (): Page => parseWithGo(CONTACT, 'https://linden.test/contact.html');
/** A site whose root is its shop's home page; every other URL answers 404. */
const shopSite =
  (home = 'https://linden.test/'): HomeFetch =>
  (url) =>
    url === home ? { ok: true, page: parseWithGo(SHOP_HOME, url) } : { ok: false, code: 'http_status' };

describe("an inner page's site typed with its home page", () => {
  test('the home pages read: the root, then the own home link where it leads elsewhere; none for the root itself', () => {
    expect(homeUrlsOf(contactPage())).toEqual(['https://linden.test/']);
    expect(homeUrlsOf(parseWithGo(CONTACT, 'https://linden.test/'))).toEqual([]);
    expect(homeUrlsOf(parseWithGo(CONTACT, 'https://linden.test/index.html'))).toEqual([]);
    // A project site under a path: its logo leads to its own home, tried when the root is no page.
    const project = parseWithGo(CONTACT.replaceAll('href="/"', 'href="/linden/"'), 'https://pages.test/linden/contact.html');
    expect(homeUrlsOf(project)).toEqual(['https://pages.test/', 'https://pages.test/linden/']);
  });

  test('a root that answers 404 leads to the own home link; a slow site is not asked again', () => {
    const project = parseWithGo(CONTACT.replaceAll('href="/"', 'href="/linden/"'), 'https://pages.test/linden/contact.html');
    const asked: string[] = [];
    const home = readHome(project, (url) => (asked.push(url), shopSite('https://pages.test/linden/')(url)));
    expect(asked).toEqual(['https://pages.test/', 'https://pages.test/linden/']);
    expect(home?.url).toBe('https://pages.test/linden/');
    asked.length = 0;
    expect(readHome(project, (url) => (asked.push(url), { ok: false, code: 'timeout' }))).toBeUndefined();
    expect(asked).toEqual(['https://pages.test/']);
  });

  test("a shop's contact page is typed a shop by its home page and keeps its own page type; the public result says so", () => {
    const alone = auditPage(contactPage());
    expect(alone.siteType).toBe('general');
    expect(alone.siteTypeHome).toBeUndefined();
    const withHome = auditPage(contactPage(), { home: readHome(contactPage(), shopSite()) });
    expect(withHome.siteType).toBe('ecommerce');
    expect(withHome.siteTypeHome).toBe('https://linden.test/');
    expect(withHome.pageType).toBe(alone.pageType);
    expect(withHome.pageType).toBe('contact');
    expect(toScanResponse(withHome, '2026-11-28 04:00:00', false).siteTypeHome).toBe('https://linden.test/');
    expect(toScanResponse(alone, '2026-11-28 04:00:00', false).siteTypeHome).toBeUndefined();
  });

  test("a home that redirected to another site, or a type the site's pages decided, types nothing from the home", () => {
    const elsewhere = parseWithGo(SHOP_HOME, 'https://other.test/');
    expect(readHome(contactPage(), () => ({ ok: true, page: elsewhere }))).toBeUndefined();
    expect(auditPage(contactPage(), { home: elsewhere }).siteType).toBe('general');
    const decided = auditPage(contactPage(), {
      siteType: 'content',
      siteTypeConfidence: 0.9,
      home: parseWithGo(SHOP_HOME, 'https://linden.test/'),
    });
    expect(decided.siteType).toBe('content');
    expect(decided.siteTypeHome).toBeUndefined();
  });
});
