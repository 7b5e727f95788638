/**
 * The signed-in scan's site type from several pages (src/lib/audit/site-type.ts siteTypeOfPages):
 * the same model judges what the pages show together (each sign at its largest on any page), so a
 * site whose home page says little is typed by the pages it links to, a page that shows nothing
 * takes nothing away, and a sign every page repeats counts once.
 * A small model written here makes the arithmetic plain (the committed weights are fitted).
 */
import { describe, expect, test } from 'vitest';
import { decideSiteType, siteTypeOfPages, type SiteTypeEvidence, type SiteTypeModel } from '../../src/lib/audit';

const none = (): SiteTypeEvidence => ({ ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] });
const page = (signs: Partial<SiteTypeEvidence>): SiteTypeEvidence => ({ ...none(), ...signs });
// Each type scores -5 before any sign; 'general' scores 0: a type needs more than 5 of evidence.
const MODEL: SiteTypeModel = {
  bias: { ecommerce: -5, local: -5, b2b: -5, content: -5, docs: -5, nonprofit: -5, general: 0 },
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
    // -5 + 8 from the posts: above general's 0, however many pages show nothing beside them.
    expect(siteTypeOfPages([contact, posts], MODEL)).toBe('content');
    expect(siteTypeOfPages([posts, contact, contact, contact, contact], MODEL)).toBe('content');
    // One sign on one page and another on the next add up as they would on one page; one sign
    // repeated on every page is still one (-5 + 4).
    const listing = { siteType: 'general' as const, siteTypeEvidence: page({ content: [['post listing', 1]] }) };
    const byline = { siteType: 'general' as const, siteTypeEvidence: page({ content: [['byline', 1]] }) };
    expect(siteTypeOfPages([listing, listing, listing, contact], MODEL)).toBe('general');
    expect(siteTypeOfPages([listing, contact, byline], MODEL)).toBe('content');
    expect(decideSiteType([listing.siteTypeEvidence, byline.siteTypeEvidence], MODEL).signals).toEqual(['byline', 'post listing']);
  });

  test("without every page's evidence (a result stored before it was kept), the home page's type stands", () => {
    const home = { siteType: 'local' as const };
    const shop = { siteType: 'local' as const, siteTypeEvidence: page({ ecommerce: [['add-to-cart button', 1]] }) };
    expect(siteTypeOfPages([home, shop])).toBe('local');
    expect(siteTypeOfPages([])).toBe('general');
  });
});
