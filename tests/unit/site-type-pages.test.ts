/**
 * The signed-in scan's site type from several pages (src/lib/audit/site-type.ts poolSiteTypeEvidence,
 * siteTypeOfPages): each sign counts once at its strongest, and a site whose home page says little
 * is typed by the pages it links to.
 */
import { describe, expect, test } from 'vitest';
import { decideSiteType, poolSiteTypeEvidence, siteTypeOfPages, type SiteTypeEvidence } from '../../src/lib/audit';

const none = (): SiteTypeEvidence => ({ ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] });
const page = (signs: Partial<SiteTypeEvidence>): SiteTypeEvidence => ({ ...none(), ...signs });

describe('site type from several pages', () => {
  test('a sign shown on every page counts once, at its strongest', () => {
    const footerPhone = page({ local: [['phone number', 1]] });
    const pooled = poolSiteTypeEvidence([footerPhone, footerPhone, footerPhone, page({ local: [['address', 1]] })]);
    expect(pooled.local).toEqual([
      ['phone number', 1],
      ['address', 1],
    ]);
    // A contact line repeated on five pages is still no local business.
    expect(decideSiteType(pooled).siteType).toBe('general');
    // A personal site's minus points stay.
    expect(poolSiteTypeEvidence([page({ b2b: [['personal site', -3]] }), page({ b2b: [['business vocabulary', 1]] })]).b2b).toEqual([
      ['personal site', -3],
      ['business vocabulary', 1],
    ]);
  });

  test("a blog's contact page is typed by the posts of the site's other pages", () => {
    const contact = { siteType: 'general' as const, siteTypeEvidence: page({ content: [['blog or news in the headings', 1]] }) };
    const posts = {
      siteType: 'content' as const,
      siteTypeEvidence: page({
        content: [
          ['post listing', 2],
          ['byline', 2],
        ],
      }),
    };
    expect(siteTypeOfPages([contact])).toBe('general');
    expect(siteTypeOfPages([contact, posts])).toBe('content');
  });

  test('pages of two kinds with close evidence leave the site a General website', () => {
    const shop = { siteType: 'ecommerce' as const, siteTypeEvidence: page({ ecommerce: [['cart link', 2]] }) };
    const plans = { siteType: 'b2b' as const, siteTypeEvidence: page({ b2b: [['plans priced per month', 2]] }) };
    expect(siteTypeOfPages([shop, plans])).toBe('general');
  });

  test("without every page's evidence (a result stored before it was kept), the home page's type stands", () => {
    const home = { siteType: 'local' as const };
    const shop = { siteType: 'local' as const, siteTypeEvidence: page({ ecommerce: [['add-to-cart button', 3]] }) };
    expect(siteTypeOfPages([home, shop])).toBe('local');
    expect(siteTypeOfPages([])).toBe('general');
  });
});
