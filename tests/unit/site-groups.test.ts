import { describe, expect, it } from 'vitest';
import { groupSitesByBrand } from '../../src/lib/site-groups';

const site = (id: string, brand_id = '') => ({ id, brand_id });
const brands = [
  { id: 'b1', name: 'Northwind' },
  { id: 'b2', name: 'Contoso' },
];

describe('the site switcher under multi-brand', () => {
  it('groups sites under their brands in the brands’ order, then the rest as other sites', () => {
    const groups = groupSitesByBrand([site('a', 'b2'), site('b'), site('c', 'b1'), site('d', 'b2')], brands);
    expect(groups.map((g) => [g.label, g.sites.map((s) => s.id)])).toEqual([
      ['Northwind', ['c']],
      ['Contoso', ['a', 'd']],
      ['Other sites', ['b']],
    ]);
  });

  it('keeps a plain list when no site has a brand, and leaves out brands without sites', () => {
    expect(groupSitesByBrand([site('a'), site('b')], brands)).toEqual([{ label: null, sites: [site('a'), site('b')] }]);
    expect(groupSitesByBrand([site('a', 'zz')], brands)).toEqual([{ label: null, sites: [site('a', 'zz')] }]);
  });
});
