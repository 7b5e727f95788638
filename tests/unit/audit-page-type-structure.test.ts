/**
 * Page types read from what the page's main content is (issue 38), not from one family's file
 * names: one post is told by its date beside its title, whatever its path; a site's front page
 * stays its home page when a long <article> beside its title is only one of its sections.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { auditPage } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

const pageType = (body: string, path = '/'): string =>
  auditPage(
    parseWithGo(
      `<!doctype html><html lang="en"><head><title>Fieldnotes</title></head><body>${body}</body></html>`,
      `https://fixture.example${path}`,
    ),
  ).pageType;

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
});
