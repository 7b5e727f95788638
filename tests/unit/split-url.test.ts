import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/contracts/split-urls.json';
import { onSplitLanding, splitTarget } from '../../src/lib/contracts/split-url';
import { siteHosts, splitLoops, variantUrlProblem } from '../../src/lib/split-url';

describe('split-URL targets (the contract the edge shares)', () => {
  it.each(fixture.cases)('$original + $variant on $href', (c) => {
    expect(splitTarget(c.original, c.variant, c.href)).toBe(c.target);
    expect(onSplitLanding(c.variant, c.href)).toBe(c.landing);
  });
});

describe('a variant URL that could lead back to the original is refused (splitLoops)', () => {
  const hosts = siteHosts('shop.test', 'staging.shop.test');
  it.each([
    ['/landing', '/landing-b', false],
    ['/landing', '/landing/', true],
    ['/landing', '/landing//', true],
    ['/landing*', '/landing-b', true],
    ['/landing', '/Landing', false],
    ['/shop/*', '/new-shop/*', false],
    ['/shop/*', '/shop/b/*', true],
    ['/a*', '/a/*', true],
    ['/p/*/x', '/p/*/y', false],
    ['/p/*/x', '/p/*', true],
    ['*landing', '/b/*', true],
    ['/landing', 'https://www.shop.test/landing', true],
    ['/landing', 'https://www.shop.test/landing-b', false],
    ['https://shop.test/landing', '/landing', true],
    ['https://shop.test/landing', '/landing-b', false],
    ['https://shop.test/p*', '/p-b', true],
    ['https://shop.test/*c', '/b', true], // the visitor's query could end in c
    ['https://www.shop.test/landing', 'https://shop.test/landing', false],
    ['/*', '/b', true],
  ])('original %s, variant %s: loops %s', (original, variant, loops) => {
    expect(splitLoops(original, variant, hosts)).toBe(loops);
  });

  it('only the site and its staging host are allowed', () => {
    expect(hosts).toEqual(['shop.test', 'www.shop.test', 'staging.shop.test']);
    expect(siteHosts('www.shop.test')).toEqual(['shop.test', 'www.shop.test']);
    expect(variantUrlProblem('https://staging.shop.test/b', '/landing', hosts, 'Variant 1')).toBe('');
    expect(variantUrlProblem('https://shop.test:8443/b', '/landing', hosts, 'Variant 1')).toBe('');
    expect(variantUrlProblem('https://user@evil.test/b', '/landing', hosts, 'Variant 1')).toBe("Variant 1's URL needs a plain host name");
    expect(variantUrlProblem('HTTPS://EVIL.test/b', '/landing', hosts, 'Variant 1')).toContain('not evil.test');
  });
});
