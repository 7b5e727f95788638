import { beforeAll, expect, test } from 'vitest';
import { assetReferences, hostOf, resolveRef, urlForStorage } from '../../src/lib/audit';
import { parseWithGo } from '../helpers/audit-pages';

// Builds the Go parser once, outside the timed tests (a cold build takes seconds on a busy machine).
beforeAll(() => void parseWithGo('', 'https://x.example/'), 120_000);

test('references resolve like a browser resolves them', () => {
  const base = 'https://shop.example/a/b/page.html?x=1';
  expect(resolveRef(base, '/css/site.css')).toBe('https://shop.example/css/site.css');
  expect(resolveRef(base, 'app.js')).toBe('https://shop.example/a/b/app.js');
  expect(resolveRef(base, '../up.js')).toBe('https://shop.example/a/up.js');
  expect(resolveRef(base, '//cdn.example/x.js')).toBe('https://cdn.example/x.js');
  expect(resolveRef(base, '?y=2')).toBe('https://shop.example/a/b/page.html?y=2');
  expect(resolveRef(base, 'http://other.example/z')).toBe('http://other.example/z');
  expect(resolveRef(base, 'javascript:alert(1)')).toBeNull();
  expect(resolveRef(base, 'data:text/css,a')).toBeNull();
  expect(hostOf('https://User@Shop.Example:8080/x')).toBe('shop.example');
});

test('the stylesheets and scripts of a page are listed once each', () => {
  const page = parseWithGo(
    '<link rel="stylesheet" href="/a.css"><link rel="icon" href="/i.png"><script src="/a.js"></script><script src="/a.js"></script><script>inline()</script>',
    'https://x.example/p/',
  );
  expect(assetReferences(page)).toEqual(['https://x.example/a.css', 'https://x.example/a.js']);
});

test('scans store a URL without its query string or fragment', () => {
  expect(urlForStorage('https://Shop.Example/checkout?email=a%40b.example&token=xyz#step2')).toBe('https://shop.example/checkout');
  expect(urlForStorage('http://shop.example:8080?ref=1')).toBe('http://shop.example:8080/');
  expect(urlForStorage('https://shop.example/a/b/')).toBe('https://shop.example/a/b/');
  expect(urlForStorage('not a url')).toBe('');
});
