// The visual editor's selector generator (src/lib/selector.ts) on 40+ DOM fixtures in Chromium (the
// unit tests run without a DOM): for each fixture the selector matches exactly the clicked element,
// and still exactly that element after a framework-style re-render that recreates every node and
// reverses the order of the siblings at each level above it. Needs no server.
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { SELECTOR_FIXTURES } from '../fixtures/editor/selector-fixtures';

interface Outcome {
  selector: string;
  stable: boolean;
  best?: string;
  bestCount?: number;
  now: boolean;
  afterRerender: boolean;
}

let bundle = '';
test.beforeAll(async () => {
  const out = await build({
    entryPoints: [resolve(import.meta.dirname, '../../src/lib/selector.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'SelectorLib',
    write: false,
  });
  bundle = out.outputFiles[0]!.text;
});

test('at least 40 fixtures', () => {
  expect(SELECTOR_FIXTURES.length).toBeGreaterThanOrEqual(40);
  expect(new Set(SELECTOR_FIXTURES.map((f) => f.name)).size).toBe(SELECTOR_FIXTURES.length);
});

test('every fixture: unique now, unique and the same element after a reordering re-render', async ({ page }) => {
  await page.setContent('<!doctype html><html><head></head><body></body></html>');
  await page.addScriptTag({ content: bundle });
  const failures: string[] = [];
  for (const f of SELECTOR_FIXTURES) {
    const o = await page.evaluate((html): Outcome => {
      const lib = (window as unknown as { SelectorLib: typeof import('../../src/lib/selector') }).SelectorLib;
      document.body.innerHTML = html;
      const marked = document.querySelector('[data-t]');
      if (!marked) return { selector: '(no data-t in the fixture)', stable: false, now: false, afterRerender: false };
      marked.removeAttribute('data-t');
      // What the owner's click picks (an icon inside a button picks the button).
      const deepest = marked.querySelector('path') || marked;
      const target = lib.selectable(deepest)!;
      const r = lib.buildSelector(target);
      const only = (el: Element) => {
        const all = document.querySelectorAll(r.selector);
        return all.length === 1 && all[0] === el;
      };
      const now = only(target);
      // Re-render: reverse siblings at every level above the element, then recreate every node.
      target.setAttribute('data-t', '');
      for (let n: Element = target; n.parentElement && n !== document.body; n = n.parentElement) {
        const p = n.parentElement;
        for (const k of Array.from(p.children).reverse()) p.appendChild(k);
      }
      const markup = document.body.innerHTML;
      document.body.innerHTML = markup; // every node recreated
      const again = document.querySelector('[data-t]');
      again?.removeAttribute('data-t');
      return { ...r, now, afterRerender: !!again && only(again) };
    }, f.html);
    const problems: string[] = [];
    if (!o.now) problems.push('does not match exactly the element');
    if (f.stable === false) {
      if (o.stable) problems.push('claims a stable selector where none exists');
      if (!(o.bestCount! > 1)) problems.push(`best stable selector should match several, got ${o.bestCount}`);
    } else {
      if (!o.stable) problems.push(`not stable (best ${o.best} matches ${o.bestCount})`);
      if (!o.afterRerender) problems.push('lost after the re-render');
      if (o.selector.includes('nth-of-type')) problems.push('positional');
      if (f.expect && o.selector !== f.expect) problems.push(`expected ${f.expect}`);
    }
    for (const a of f.avoid || []) if (o.selector.includes(a)) problems.push(`contains ${a}`);
    if (problems.length) failures.push(`${f.name}: ${o.selector} — ${problems.join('; ')}`);
  }
  expect(failures).toEqual([]);
});

test('escaping and refused elements', async ({ page }) => {
  await page.setContent('<!doctype html><html><head></head><body></body></html>');
  await page.addScriptTag({ content: bundle });
  const r = await page.evaluate(() => {
    const lib = (window as unknown as { SelectorLib: typeof import('../../src/lib/selector') }).SelectorLib;
    document.body.innerHTML =
      '<div id="2col">a</div><div class="a b"><iframe></iframe><script></script><svg><circle/></svg></div><p>Text</p>';
    const id = lib.buildSelector(document.getElementById('2col')!);
    return {
      id: id.selector,
      ident: lib.cssIdent('2col'),
      idMatches: document.querySelectorAll(id.selector).length,
      iframe: lib.selectable(document.querySelector('iframe')),
      script: lib.selectable(document.querySelector('script')),
      circle: lib.selectable(document.querySelector('circle'))?.className,
      problem: lib.selectionProblem(document.querySelector('script')!),
      crumbs: lib.breadcrumb(document.querySelector('p')!).map(lib.elementLabel),
    };
  });
  expect(r.idMatches).toBe(1);
  expect(r.ident).toBe('\\32 col');
  expect(r.iframe).toBeNull();
  expect(r.script).toBeNull();
  expect(r.circle).toBe('a b');
  expect(r.problem).toBe('The <script> element cannot be changed.');
  expect(r.crumbs).toEqual(['p']);
});
