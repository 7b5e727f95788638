import { describe, expect, it } from 'vitest';
import { SITE_TYPE_LABELS, siteTypeFromUrl } from '../../src/lib/site-type';

describe('siteTypeFromUrl (case-insensitive URL keywords)', () => {
  it.each([
    ['https://bestSHOP.com', 'ecommerce'],
    ['https://example.com/checkout', 'ecommerce'],
    ['mymarketplace.io', 'ecommerce'],
    ['https://joes-cafe.se', 'local'],
    ['https://smiledental.com', 'local'],
    ['https://hvac-pros.com', 'local'],
    ['https://acme-consulting.com', 'b2b'],
    ['', 'b2b'],
  ])('%s is %s', (url, type) => {
    expect(siteTypeFromUrl(url)).toBe(type);
  });

  it('checks ecommerce keywords before local ones', () => {
    expect(siteTypeFromUrl('https://local-store.com')).toBe('ecommerce');
  });

  it('has the display labels', () => {
    expect(SITE_TYPE_LABELS).toEqual({
      ecommerce: 'E-commerce',
      local: 'Local Business',
      b2b: 'B2B / Lead Generation',
      content: 'Content / Publishing',
      docs: 'Documentation',
      nonprofit: 'Non-profit',
      general: 'General website',
    });
  });

  it('never reads the query string or fragment', () => {
    expect(siteTypeFromUrl('https://acme-consulting.com/?utm_campaign=shop-sale')).toBe('b2b');
    expect(siteTypeFromUrl('https://acme-consulting.com/#cart')).toBe('b2b');
    expect(siteTypeFromUrl('https://acme-consulting.com/shop?x=1')).toBe('ecommerce');
  });
});
