/**
 * Page types read from what the page's main content is (issue 38), not from one family's file
 * names: one post is told by its date beside its title, whatever its path; a site's front page
 * stays its home page when a long <article> beside its title is only one of its sections.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage, computeSignals, type AuditResult } from '../../src/lib/audit';
import { decidePageType } from '../../src/lib/audit/page-type';
import { parseWithGo } from '../helpers/audit-pages';

const audit = (body: string, path = '/'): AuditResult =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>Fieldnotes</title></head><body>${body}</body></html>`,
      `https://fixture.example${path}`,
    ),
  );
const pageType = (body: string, path = '/'): string => audit(body, path).pageType;
const ids = (r: AuditResult): string[] => r.findings.map((f) => f.id);

const para = (topic: string): string =>
  `<p>${`We walked the ${topic} trail at dawn and counted the birds that crossed the ridge before the fog lifted off the valley floor. `.repeat(3)}</p>`;

describe('page type from the main content', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  test("one post at the site's root is an article when its date stands beside its title", () => {
    const post = `<nav><a href="/">Fieldnotes</a><a href="/archive">Archive</a></nav>
      <main><article><header><h1>Counting swifts over the ridge</h1>
      <p class="byline">Posted on March 3, 2024 by Ana Ruiz</p></header>${para('north')}${para('south')}</article></main>`;
    expect(pageType(post)).toBe('article');
    // The date marked up as a <time> rather than written out counts the same.
    const timed = post.replace('Posted on March 3, 2024 by Ana Ruiz', 'By Ana Ruiz, <time datetime="2024-03-03">last spring</time>');
    expect(pageType(timed)).toBe('article');
  });

  test("a blog's front page that dates each of its posts is its home page, not one post", () => {
    const card = (n: number): string => `<article><h2>Walk ${n}</h2><p>March ${n}, 2024</p>${para(`trail ${n}`)}</article>`;
    expect(pageType(`<h1>Fieldnotes</h1><p>Updated March 9, 2024</p>${[1, 2, 3, 4].map(card).join('')}`)).toBe('home');
  });

  test('a front page whose long <article> is a section beside its title is the home page', () => {
    const intro = `<main><h1>Trailmap — maps for walkers</h1><article><h2>Why Trailmap</h2>${para('east').repeat(5)}</article></main>`;
    expect(pageType(intro)).toBe('home');
    // The same undated long text on an inner page is still read as an article.
    expect(pageType(intro, '/why-trailmap.html')).toBe('article');
  });

  test('a short page that is its message form is a contact page, whatever its path says', () => {
    const menu = '<header><nav><a href="/">Tallow &amp; Wick</a><a href="/candles">Candles</a><a href="/visit">Visit</a></nav></header>';
    const form = `<h2>Write to the workshop</h2><form action="/send"><label>Your name <input name="name"></label>
      <label>Email <input type="email" name="email"></label><label>Message <textarea name="body"></textarea></label>
      <button>Send</button></form>`;
    const footer = '<footer><p>Tallow &amp; Wick, 14 Mill Lane, Hebden Bridge</p></footer>';
    expect(pageType(`${menu}<main>${form}</main>${footer}`, '/schreib-uns.html')).toBe('contact');
    // The same form closing a long one-page site is its last section, not the page.
    const story = `<section><h2>Our wax</h2>${para('mill')}${para('river')}${para('moor')}</section>`;
    expect(pageType(`${menu}<main>${story}${story}${form}</main>${footer}`, '/schreib-uns.html')).not.toBe('contact');
    // A booking form asks for dates and choices: not a message.
    const booking = form.replace(
      '<textarea name="body"></textarea>',
      '<textarea name="body"></textarea><input type="date" name="day"><select name="class"><option>Dipping</option></select>',
    );
    expect(pageType(`${menu}<main>${booking}</main>${footer}`, '/schreib-uns.html')).not.toBe('contact');
  });

  test('a campaign page with one form and no site menu is a landing page decided as such', () => {
    const lead = `<main><h1>The candle-care guide, free</h1><p>Twelve pages on wicks, wax and burn times.</p>
      <form action="/guide"><label>Email <input type="email" name="email"></label><button>Send me the guide</button></form></main>`;
    const r = audit(lead, '/offers/candle-care');
    expect(r.pageType).toBe('landing');
    // Decided, it gets a landing page's advice: no contact details anywhere on it.
    expect(ids(r)).toContain('trust-no-contact');
    // A message box makes it a way to write in, which any page may carry: no campaign page's one goal.
    const message = parseWithGo(
      `<html><body>${lead.replace('<button>', '<label>Message <textarea name="m"></textarea></label><button>')}</body></html>`,
      'https://fixture.example/offers/candle-care',
    );
    expect(decidePageType(message, computeSignals(message)).rule).not.toBe('one goal without a menu');
  });

  test('a page nothing types is reported as a landing page but is not told what a landing page lacks', () => {
    const menu = '<header><nav><a href="/">Tallow &amp; Wick</a><a href="/candles">Candles</a><a href="/visit">Visit</a></nav></header>';
    const inner = `${menu}<main><h1>Winter hours</h1><p>We close at four from December to February.</p></main>`;
    const r = audit(inner, '/winter.html');
    expect(r.pageType).toBe('landing');
    // No contact details and no testimonials are true of a landing page, not of an article or a listing.
    expect(ids(r)).not.toContain('trust-no-contact');
    // What holds whatever the page is still shows: its missing description and Open Graph tags.
    expect(ids(r)).toEqual(expect.arrayContaining(['copy-no-meta-description', 'retention-no-open-graph']));
    // At the site's root the same page is the home page, and is told.
    expect(ids(audit(inner, '/'))).toContain('trust-no-contact');
  });

  test("a manual's page is read from its code samples beside a menu of its own sections", () => {
    const sections = ['install', 'configure', 'run', 'deploy'];
    const menu = `<aside><nav>${[...sections, 'options', 'plugins', 'faq', 'upgrade'].map((id) => `<a href="#${id}">${id}</a>`).join('')}</nav></aside>`;
    const body = sections
      .map((id) => `<section id="${id}"><h2>${id}</h2><p>Type the command below.</p><pre><code>kiln ${id} --verbose</code></pre></section>`)
      .join('');
    expect(pageType(`${menu}<main><h1>Kiln setup</h1>${body}</main>`, '/setup.html')).toBe('article');
    // At the site's root the same page is the home page; one sample on a landing page makes no manual.
    expect(pageType(`${menu}<main><h1>Kiln setup</h1>${body}</main>`)).toBe('home');
    expect(
      pageType(
        `<main><h1>Kiln</h1><p>Fire pottery from the command line.</p><pre><code>brew install kiln</code></pre></main>`,
        '/kiln.html',
      ),
    ).not.toBe('article');
  });
});

describe("a site's front page kept under another path", () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  const header = (logo: string, home: string): string =>
    `<header><a class="navbar-brand" href="${logo}">Harbour Yoga</a><nav><a href="${home}">Home</a><a href="classes.html">Classes</a><a href="visit.html">Visit</a></nav></header>`;
  const body = `<main><h1>Yoga by the harbour</h1><p>Morning and evening classes for every level, a short walk from the ferry.</p>
    <a href="classes.html">See the timetable</a></main>`;

  test('is the home page when its logo or its Home link names the page itself', () => {
    expect(pageType(`${header('main.html', 'main.html')}${body}`, '/main.html')).toBe('home');
    expect(pageType(`${header('./', '#')}${body}`, '/demo/')).toBe('home');
    // A one-page site whose Home link leads to its own #home section.
    expect(pageType(`${header('#', '#home')}${body}`, '/studio.html')).toBe('home');
  });

  test("is the home page when its file is one of a template's numbered front pages, whatever its links say", () => {
    for (const path of ['/home1.html', '/index-2.html', '/homepage_3.html'])
      expect(pageType(`${header('home4.html', 'home4.html')}${body}`, path), path).toBe('home');
    expect(pageType(`${header('home4.html', 'home4.html')}${body}`, '/home-decor.html')).toBe('landing');
  });

  test('is not told apart when the links home are placeholders, and an inner page whose logo leads home stays an inner page', () => {
    expect(pageType(`${header('#', '#')}${body}`, '/main.html')).toBe('landing');
    expect(pageType(`${header('index.html', 'index.html')}${body}`, '/retreats.html')).toBe('landing');
  });
});

test("a template's listing file (shop-grid.html, product-list.html) is a listing, a word merely ending in 'list' is not", () => {
  const card = (n: number): string => `<div class="card"><h3>Lamp ${n}</h3><a href="lamp-${n}.html">View</a></div>`;
  const listing = `<header><a class="logo" href="index.html">Lumen</a></header><main><h1>Desk lamps</h1>${[1, 2, 3].map(card).join('')}</main>`;
  expect(pageType(listing, '/shop-grid.html')).toBe('category');
  expect(pageType(listing, '/product-list.html')).toBe('category');
  expect(pageType(listing, '/checklist.html')).toBe('landing');
});

test('one product offered by "Add to cart" and "Buy now" together is a product page; two products with a button each are not', () => {
  const header = '<header><a class="logo" href="index.html">Lumen</a><nav><a href="lamps.html">Lamps</a></nav></header>';
  const product = `${header}<main><h1>Aurora desk lamp</h1><p>$89</p><button>Add to cart</button><a href="/buy-now">Buy now</a></main>`;
  expect(pageType(product, '/aurora.html')).toBe('product');
  const two = `${header}<main><h1>Desk lamps</h1><h3>Aurora</h3><button>Add to cart</button><h3>Borealis</h3><button>Add to cart</button></main>`;
  expect(pageType(two, '/aurora.html')).not.toBe('product');
});

test('one dated post stays one post beside a sidebar of other dated posts after it; dated excerpts between its paragraphs make a listing', () => {
  const title = '<h1>Counting swifts over the ridge</h1><p class="byline">March 3, 2024</p>';
  const others = [4, 5, 6, 7, 8].map((d) => `<li><a href="/p${d}">Walk ${d}</a> <span>March ${d}, 2024</span></li>`).join('');
  expect(
    pageType(`<main>${title}${para('north')}${para('south')}</main><aside><h2>More stories</h2><ul>${others}</ul></aside>`, '/x1.html'),
  ).toBe('article');
  const excerpts = [4, 5, 6, 7].map((d) => `<h2>Walk ${d}</h2><span>March ${d}, 2024</span>${para(`trail ${d}`)}`).join('');
  expect(pageType(`<main>${title}${para('north')}${excerpts}</main>`, '/x1.html')).not.toBe('article');
});

describe('a front page told by what it says of itself (issue 38)', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  const doc = (title: string, body: string): string =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  const typeOf = (html: string, path: string): string => auditPage(parseWithGo(html, `https://fixture.example${path}`)).pageType;
  const shop = `<header><a class="logo" href="index.html">Lumen</a><nav><a href="lamps.html">Lamps</a></nav></header><main><h1>Light for every desk</h1>${[
    1, 2, 3, 4, 5,
  ]
    .map((n) => `<div class="card"><h3>Lamp ${n}</h3><p>$${n}9</p><button>Add to cart</button></div>`)
    .join('')}</main>`;

  test('a title naming the page the home page makes it the home page, even when it sells many products', () => {
    expect(typeOf(doc('Homepage-01 | Lumen', shop), '/main/home-01.html')).toBe('home');
    expect(typeOf(doc('Home | Lumen', shop), '/main/')).toBe('home');
    // A title part that names something else is no such name, and the page stays a listing.
    expect(typeOf(doc('Care Home Lamps | Lumen', shop), '/main/care.html')).toBe('category');
  });

  const studio = (logo: string, items: string[]): string =>
    `<header><a class="navbar-brand" href="${logo}">Harbour Yoga</a><nav>${items.map((h, i) => `<a href="${h}">Item ${i}</a>`).join('')}</nav></header>
    <main><h1>Yoga by the harbour</h1><section id="classes"><h2>Classes</h2><p>Mornings and evenings.</p></section>
    <section id="teachers"><h2>Teachers</h2><p>Four of us.</p></section><section id="visit"><h2>Visit</h2><p>By the ferry.</p></section></main>`;

  test("a one-page site's page, whose menu stays on the page, is its home page", () => {
    expect(typeOf(doc('Harbour Yoga', studio('#', ['#classes', '#teachers', '#visit', '#'])), '/studio.html')).toBe('home');
    // Placeholders count as staying on the page; one link to another page (a licence, a shop) is allowed.
    expect(typeOf(doc('Harbour Yoga', studio('#', ['#', '#', '#', 'shop.html'])), '/studio.html')).toBe('home');
  });

  test("an inner page whose logo leads home, or whose menu leads to the site's pages, is not the home page", () => {
    expect(typeOf(doc('Harbour Yoga', studio('index.html', ['#', '#', '#', '#'])), '/studio.html')).not.toBe('home');
    expect(
      typeOf(doc('Harbour Yoga', studio('#', ['#classes', '#teachers', '#visit', 'prices.html', 'team.html'])), '/studio.html'),
    ).not.toBe('home');
  });
});

describe('a page to read is an article (issue 38)', () => {
  beforeAll(() => void parseWithGo('', 'https://fixture.example/'), 120_000);

  const menu =
    '<header><a class="logo" href="/">Tallow &amp; Wick</a><nav><a href="/candles">Candles</a><a href="/visit">Visit</a></nav></header>';
  const policy = `${menu}<main><h1>Returns policy</h1><h2>Within 30 days</h2>${para('return')}<h2>Refunds</h2>${para('refund')}</main>`;

  test('paragraphs of prose with no form, no button and no price, whatever its path, are an article', () => {
    expect(pageType(policy, '/returns.html')).toBe('article');
    // The same page asking the visitor to act, or to pay, is a landing page.
    expect(pageType(policy.replace('</main>', '<a class="btn" href="/donate">Donate now</a></main>'), '/returns.html')).toBe('landing');
    expect(
      pageType(
        policy.replace('</main>', '<form action="/s"><input type="email" name="e"><button>Join</button></form></main>'),
        '/returns.html',
      ),
    ).toBe('landing');
    expect(pageType(policy.replace('<h2>Refunds</h2>', '<h2>Refunds</h2><p>Gift box $12</p>'), '/returns.html')).toBe('landing');
  });

  test('a post with short paragraphs is one post when the date beside its title says it was published, an event page is not', () => {
    const short = (t: string): string =>
      `<p>We walked the ${t} trail at dawn and counted the birds that crossed the ridge before the fog lifted off the valley.</p>`;
    // Both pages have a button, so only the date beside the title can make either one post.
    const body = `${short('north')}${short('south')}${short('east')}<a class="btn" href="/tickets">Tickets</a>`;
    expect(pageType(`${menu}<main><h1>Counting swifts</h1><p>Last update: Jan 2, 2023</p>${body}</main>`, '/x1.html')).toBe('article');
    expect(pageType(`${menu}<main><h1>Swift festival</h1><p>June 12, 2024 at the harbour</p>${body}</main>`, '/x2.html')).not.toBe(
      'article',
    );
  });
});
