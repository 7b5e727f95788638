// The TypeScript parser and the Go one (pocketbase/htmlpage, used by the server) must agree: both
// are pinned to the same golden files (regenerate with `node scripts/scan-page-golden.mjs`).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { parsePage } from '../../src/lib/audit';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/scan');
const GOLDEN = resolve(import.meta.dirname, '../../pocketbase/htmlpage/testdata');

test.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.html')))('%s parses to its golden summary', (file) => {
  const page = parsePage(readFileSync(resolve(FIXTURES, file), 'utf8'), `https://fixture.example/${file}`);
  const golden = JSON.parse(readFileSync(resolve(GOLDEN, file.replace(/\.html$/, '.page.json')), 'utf8'));
  expect(JSON.parse(JSON.stringify(page))).toEqual(golden);
});

test('the tricky fixture keeps htmlparser2 semantics: implied closes, a nested form ignored, skipped noscript', () => {
  const page = parsePage(readFileSync(resolve(FIXTURES, 'tricky.html'), 'utf8'), 'https://fixture.example/');
  expect(page.elements.filter((e) => e.tag === 'form').map((e) => e.attrs.id)).toEqual(['outer']);
  expect(page.elements.filter((e) => e.tag === 'p').length).toBe(3);
  expect(page.elements.some((e) => e.tag === 'img')).toBe(false); // the noscript pixel
  expect(page.jsonLd).toEqual([{ '@type': ['LocalBusiness', 'Bakery'], name: 'Bäckerei & Café' }]);
  expect(page.elements.find((e) => e.tag === 'title')?.text).toBe('Café & Bäckerei  — Öffnungszeiten');
});
