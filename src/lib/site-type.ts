/** Site-type rule: a case-insensitive substring match on the URL. */
export type SiteType = 'ecommerce' | 'local' | 'b2b';

export const SITE_TYPE_KEYWORDS: Record<Exclude<SiteType, 'b2b'>, readonly string[]> = {
  ecommerce: ['shop', 'store', 'cart', 'buy', 'product', 'checkout', 'ecommerce', 'marketplace'],
  local: ['restaurant', 'cafe', 'salon', 'clinic', 'dental', 'attorney', 'lawyer', 'plumbing', 'hvac', 'local'],
};

export const SITE_TYPE_LABELS: Record<SiteType, string> = {
  ecommerce: 'E-commerce',
  local: 'Local Business',
  b2b: 'B2B / Lead Generation',
};

/** Ecommerce keywords are checked first, then local ones; anything else is B2B. */
export function siteTypeFromUrl(url: string): SiteType {
  const text = url.toLowerCase();
  if (SITE_TYPE_KEYWORDS.ecommerce.some((k) => text.includes(k))) return 'ecommerce';
  if (SITE_TYPE_KEYWORDS.local.some((k) => text.includes(k))) return 'local';
  return 'b2b';
}
