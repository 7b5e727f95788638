/**
 * The signed-in scan's site type from several pages (src/lib/audit/site-type.ts siteTypeOfPages):
 * the same model judges the pages together, their scores averaged, so a site whose home page says
 * little is typed by the pages it links to, and a page that shows nothing pulls toward 'general'.
 * A small model written here makes the arithmetic plain (the committed weights are fitted).
 */
import { describe, expect, test } from 'vitest';
import { decideSiteType, siteTypeOfPages, type SiteTypeEvidence, type SiteTypeModel } from '../../src/lib/audit';

const none = (): SiteTypeEvidence => ({ ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] });
const page = (signs: Partial<SiteTypeEvidence>): SiteTypeEvidence => ({ ...none(), ...signs });
// Each type scores -3 before any sign; 'general' scores 0: a type needs more than 3 of evidence.
const MODEL: SiteTypeModel = {
  bias: { ecommerce: -3, local: -3, b2b: -3, content: -3, docs: -3, nonprofit: -3, general: 0 },
  weights: { 'content:post listing': { content: 4 }, 'content:byline': { content: 4 }, 'local:phone number': { local: 1 } },
  generalOffset: 0,
  training: { lambda: 0, pages: 0, families: 0, crossValidatedAccuracy: 0 },
};

describe('site type from several pages', () => {
  test('a contact line repeated on every page is still no local business', () => {
    const footerPhone = page({ local: [['phone number', 1]] });
    expect(decideSiteType([footerPhone, footerPhone, footerPhone, footerPhone], MODEL).siteType).toBe('general');
  });

  test("a blog's contact page is typed by the posts of the site's other pages", () => {
    const contact = { siteType: 'general' as const, siteTypeEvidence: page({}) };
    const posts = {
      siteType: 'content' as const,
      siteTypeEvidence: page({
        content: [
          ['post listing', 1],
          ['byline', 1],
        ],
      }),
    };
    expect(siteTypeOfPages([contact], MODEL)).toBe('general');
    // (-3 + 8) on the posts and -3 on the contact page: 1 on average, above general's 0.
    expect(siteTypeOfPages([contact, posts], MODEL)).toBe('content');
    // Four pages that show nothing outweigh one page of posts.
    expect(siteTypeOfPages([posts, contact, contact, contact, contact], MODEL)).toBe('general');
  });

  test("without every page's evidence (a result stored before it was kept), the home page's type stands", () => {
    const home = { siteType: 'local' as const };
    const shop = { siteType: 'local' as const, siteTypeEvidence: page({ ecommerce: [['add-to-cart button', 1]] }) };
    expect(siteTypeOfPages([home, shop])).toBe('local');
    expect(siteTypeOfPages([])).toBe('general');
  });
});
