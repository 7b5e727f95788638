/**
 * Every finding that points at something on the page quotes its text or selector as found there
 * (issue 38), by the rule the corpus bench scores (src/lib/audit/quoted.ts over the raw HTML): on
 * every quality-set page, and on those pages rewritten in ways real pages differ (whitespace,
 * entities, nested inline markup, long texts, class names and ids that are not plain CSS names,
 * non-Latin text), each parsed by the server's own parser.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPage } from '../../src/lib/audit';
import { guardEvidence, pageSource } from '../../src/lib/audit/evidence-guard';
import { htmlSource, pointsAtPage, quotedAsFound } from '../../src/lib/audit/quoted';
import { parseWithGo } from '../helpers/audit-pages';
import { qualityCases } from '../helpers/scan-quality';

const QUALITY = resolve(import.meta.dirname, '../fixtures/scan/quality');

/** A small seeded generator, so a failure names a page that fails again. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** html with fn applied to each text run outside tags, scripts, styles, titles and textareas. */
function mapText(html: string, fn: (text: string) => string): string {
  let raw = '';
  return html
    .split(/(<[^>]*>)/)
    .map((piece) => {
      const tag = /^<(\/?)([a-z]+)/i.exec(piece);
      if (tag) {
        const name = tag[2]!.toLowerCase();
        if (['script', 'style', 'title', 'textarea'].includes(name)) raw = tag[1] ? '' : name;
        return piece;
      }
      return raw || !piece.trim() ? piece : fn(piece);
    })
    .join('');
}

const LONG = ' This sentence goes on well past any cap an excerpt or an element text has, so that quotes are cut.'.repeat(14);

const MUTATIONS: Record<string, (html: string, rnd: () => number) => string> = {
  whitespace: (html, rnd) => mapText(html, (t) => t.replace(/ /g, () => [' ', '\n\t  ', '&nbsp;', ' \u00a0 '][Math.floor(rnd() * 4)]!)),
  entities: (html) =>
    mapText(
      html.replace(/<title>([^<]*)/i, (_m, t: string) => `<title>${t.replace(/'/g, '&#8217;')}`),
      (t) => t.replace(/'/g, '&rsquo;').replace(/e/g, '&#101;').replace(/ and /g, ' &amp; '),
    ),
  'nested inline markup': (html, rnd) =>
    mapText(html, (t) =>
      t.replace(/\b(\w+)(\w{2}) /g, (m, a: string, b: string) => (rnd() < 0.3 ? `<span class="w"><em>${a}</em><b>${b}</b></span> ` : m)),
    ),
  'long texts': (html) => mapText(html, (t) => `${t}${LONG}`).replace(/<title>([^<]*)/i, (_m, t: string) => `<title>${t}${LONG}`),
  'odd class names and ids': (html) =>
    html
      .replace(/\bclass="/g, 'class="md:flex w-1/2 [&>p]:mt-2 ')
      .replace(/\bid="([^"]+)"/g, (_m, id: string) => `id="${id}.main" data-x="${id}"`)
      // A first id attribute wins: ids with a non-ASCII letter, a colon (React's) and a dot.
      .replace(/<form\b/gi, '<form id="kontakt-ü"')
      .replace(/<(button|a)\b/gi, '<$1 id="radix-:r1:"')
      .replace(/<(h1|section|main|nav)\b/gi, '<$1 id="hero.main"'),
  'non-Latin text': (html, rnd) =>
    mapText(html, (t) =>
      t.replace(/\b(\w+)\b/g, (w) =>
        rnd() < 0.25 ? ['Привет', 'Ärger', 'İstanbul', '你好世界', 'مرحبا', 'ΣΊΣΥΦΟΣ'][Math.floor(rnd() * 6)]! : w,
      ),
    ),
};

function pages(): { name: string; url: string; html: string }[] {
  return qualityCases().flatMap((c, i) => {
    const html = readFileSync(join(QUALITY, `${c.name}.html`), 'utf8');
    return [
      { name: c.name, url: c.url, html },
      ...Object.entries(MUTATIONS).map(([kind, mutate], j) => ({
        name: `${c.name} (${kind})`,
        url: c.url,
        html: mutate(html, random(i * 31 + j)),
      })),
    ];
  });
}

function misquoted(html: string, url: string): string[] {
  const page = parseWithGo(html, url);
  const source = htmlSource(`${page.text} ${page.elements.map((el) => `${el.text} ${Object.values(el.attrs).join(' ')}`).join(' ')}`, html);
  return auditPage(page)
    .findings.filter((f) => pointsAtPage(f.evidence) && !quotedAsFound(f.evidence, source))
    .map((f) => `${f.id} ${JSON.stringify(f.evidence)}`);
}

describe('evidence quoted as found', () => {
  const all = pages();

  it('covers every quality page as written and rewritten each way', () => {
    expect(all.length).toBe(qualityCases().length * (1 + Object.keys(MUTATIONS).length));
  });

  it.each(all)('every pointing finding on $name quotes what the page has', ({ html, url }) => {
    expect(misquoted(html, url)).toEqual([]);
  });

  it('keeps a selector whose escaped names are the ids and classes the page has, and cuts one whose escapes name others', () => {
    const page = parseWithGo(
      '<div id="hero.main"><form class="md:flex w-1/2"><button id="radix-:r1:">Go</button><p class="2col">x</p></form></div>',
      'https://a.example/',
    );
    const on = pageSource(page);
    const fromParser = [...page.structure.forms.map((f) => f.selector), ...page.structure.controls.map((c) => c.selector)];
    expect(fromParser).toEqual(expect.arrayContaining([String.raw`div#hero\.main form.md\:flex`, String.raw`button#radix-\:r1\:`]));
    for (const selector of [...fromParser, String.raw`div#hero\.main p.\32 col`, String.raw`form.w-1\/2`]) {
      expect(guardEvidence({ selector }, on)).toEqual({ selector });
    }
    // Unescaped, or escaped to another name, it names what the page lacks: that part is cut to its tag.
    expect(guardEvidence({ selector: 'div#hero.main button#radix-:r1:' }, on)).toEqual({ selector: 'div button' });
    expect(guardEvidence({ selector: String.raw`div#hero\.mai form.md\:fle` }, on)).toEqual({ selector: 'div form' });
    expect(guardEvidence({ selector: String.raw`p.\31 col` }, on)).toEqual({ selector: 'p' });
  });

  it('re-cuts an excerpt to what the page has, cuts a selector to its parts the page has, and keeps the fact', () => {
    const page = parseWithGo('<main class="hero"><h1 id="top">Lorem ipsum dolor <em>sit</em> amet</h1></main>', 'https://a.example/');
    const on = pageSource(page);
    const e = guardEvidence(
      { element: '<h1>', selector: 'main.hero h1#top.big', sample: 'lorem ipsum dolor sitamet consectetur', count: 2 },
      on,
    );
    expect(e).toEqual({ element: '<h1>', selector: 'main.hero h1', sample: 'lorem ipsum dolor…', count: 2 });
    // Nothing of it on the page: the pointers go, the count and what is missing stay.
    expect(guardEvidence({ element: '<table>', selector: 'div.x', sample: 'zz qq', count: 3, missing: 'alt' }, on)).toEqual({
      selector: 'div',
      count: 3,
      missing: 'alt',
    });
  });
});
