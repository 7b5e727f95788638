/**
 * Site types. The URL rule is a case-insensitive substring match on the host and path (never the
 * query string or fragment: a campaign parameter says nothing about the site).
 */
/** 'general': the page names no type clearly enough; only the checks every site shares apply. */
export type SiteType = 'ecommerce' | 'local' | 'b2b' | 'content' | 'docs' | 'nonprofit' | 'general';

export const SITE_TYPE_KEYWORDS: Record<'ecommerce' | 'local', readonly string[]> = {
  ecommerce: ['shop', 'store', 'cart', 'buy', 'product', 'checkout', 'ecommerce', 'marketplace'],
  local: ['restaurant', 'cafe', 'salon', 'clinic', 'dental', 'attorney', 'lawyer', 'plumbing', 'hvac', 'local'],
};

export const SITE_TYPE_LABELS: Record<SiteType, string> = {
  ecommerce: 'E-commerce',
  local: 'Local Business',
  b2b: 'B2B / Lead Generation',
  content: 'Content / Publishing',
  docs: 'Documentation',
  nonprofit: 'Non-profit',
  general: 'General website',
};

/** Sites that do not sell: the audit makes them no promise of revenue lift. */
export const SITE_TYPES_WITHOUT_LIFT: readonly SiteType[] = ['content', 'docs', 'nonprofit', 'general'];

/** Scheme, host and path of url, lower-cased: the part of a URL that may classify a site. */
export function classifiablePart(url: string): string {
  return url.split(/[?#]/)[0]!.toLowerCase();
}

/** Ecommerce keywords are checked first, then local ones; anything else is B2B. */
export function siteTypeFromUrl(url: string): SiteType {
  const text = classifiablePart(url);
  if (SITE_TYPE_KEYWORDS.ecommerce.some((k) => text.includes(k))) return 'ecommerce';
  if (SITE_TYPE_KEYWORDS.local.some((k) => text.includes(k))) return 'local';
  return 'b2b';
}
