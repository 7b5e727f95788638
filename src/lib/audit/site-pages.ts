/**
 * The signed-in scan reads several pages of a site: the home page, then a product or pricing
 * page, the cart and the contact page found by its links (up to 5 pages), and says on which page
 * each finding is. Links are the site's own (same host), never the query string's or another
 * site's; every fetch still goes through the server's guarded fetcher.
 */
import { findingScore, type AuditResult } from './audit';
import { attr, type Page } from './page';
import type { Finding } from './types';
import { resolveRef } from './url';

export type SitePageRole = 'home' | 'product' | 'pricing' | 'category' | 'cart' | 'contact';

export interface SiteLink {
  url: string;
  role: Exclude<SitePageRole, 'home'>;
}

/** At most this many pages per signed-in scan, the home page included. */
export const SITE_SCAN_MAX_PAGES = 5;

/** Each role by the link's path, or by its text (a product page has no typical link text). */
const ROLES: [SiteLink['role'], RegExp, RegExp | null][] = [
  ['product', /\/(products?|p|item|shop)\/[^/]+\/?$|product[-_]?details?(\.html?)?$/i, null],
  ['pricing', /\/(pricing|plans|prices)(\/|$|\.html?$)/i, /^(pricing|plans|plans (and|&) pricing|prices)$/i],
  ['category', /\/(collections?|categor(y|ies)|catalog|shop)(\/[^/]*)?(\/|$|\.html?$)/i, /^(shop|shop all|store|products)$/i],
  ['cart', /\/(cart|basket|bag|checkout)(\/|$|\.html?$)/i, /^(cart|basket|bag|view cart)$/i],
  ['contact', /\/(contact|contact-us|kontakt|get-in-touch)(\/|$|\.html?$)/i, /^(contact|contact us|get in touch)$/i],
];

const hostOf = (url: string): string => (/^https?:\/\/([^/?#]+)/i.exec(url)?.[1] ?? '').toLowerCase();

/** The site's own links on page, one per role (the first found), in the order the roles are listed. */
export function siteLinks(page: Page): SiteLink[] {
  const host = hostOf(page.url);
  const home = page.url.split(/[?#]/)[0];
  const found = new Map<SiteLink['role'], string>();
  for (const el of page.elements) {
    if (el.tag !== 'a') continue;
    const url = resolveRef(page.url, attr(el, 'href'))?.split('#')[0];
    if (!url || hostOf(url) !== host || url === home) continue;
    const path = url.replace(/^https?:\/\/[^/]+/i, '').split('?')[0] ?? '';
    if (path === '/' || path === '') continue;
    for (const [role, href, text] of ROLES)
      if (!found.has(role) && (href.test(path) || (text && el.text && text.test(el.text.trim())))) {
        found.set(role, url.split('?')[0]!);
        break;
      }
  }
  return ROLES.filter(([role]) => found.has(role)).map(([role]) => ({ role, url: found.get(role)! }));
}

/**
 * The pages to read after the home page: a product page (or, without one, the pricing page), the
 * cart and the contact page; a listing when no product is linked from home (its own product link
 * is read from it next). At most SITE_SCAN_MAX_PAGES - 1.
 */
export function pagesToScan(home: SiteLink[]): SiteLink[] {
  const by = (role: SiteLink['role']) => home.find((l) => l.role === role);
  const first = by('product') ?? by('pricing') ?? by('category');
  return [first, by('cart'), by('contact')].filter((l): l is SiteLink => !!l).slice(0, SITE_SCAN_MAX_PAGES - 1);
}

export interface ScannedPage {
  url: string;
  role: SitePageRole;
  result: AuditResult;
}

export type SiteFinding = Finding & { page: string; pageRole: SitePageRole };

/**
 * One list of findings for the site: each check once, on the first page (in reading order) where
 * it failed, ranked by expected impact, each saying which page it is on.
 */
export function combineSitePages(pages: ScannedPage[]): SiteFinding[] {
  const seen = new Set<string>();
  const out: SiteFinding[] = [];
  for (const p of pages)
    for (const f of p.result.findings) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      out.push({ ...f, page: p.url, pageRole: p.role });
    }
  return out.sort((a, b) => findingScore(b) - findingScore(a) || a.id.localeCompare(b.id));
}
