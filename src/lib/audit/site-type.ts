/**
 * Site type: the URL keyword rule (../site-type.ts) decides when a keyword matches; otherwise what the page
 * shows (schema.org Product or LocalBusiness markup, cart links, add-to-cart buttons, prices,
 * a postal address, opening hours) refines the default 'b2b'.
 */
import { SITE_TYPE_KEYWORDS, SITE_TYPE_LABELS, siteTypeFromUrl, type SiteType } from '../site-type';
import { attr, metaContent, schemaTypes, type Page } from './page';
import { linksMatching, type Signals } from './signals';

const LOCAL_TYPES =
  /^(localbusiness|restaurant|cafeorcoffeeshop|bakery|barorpub|dentist|physician|medicalclinic|hairsalon|beautysalon|dayspa|attorney|legalservice|plumber|electrician|hvacbusiness|homeandconstructionbusiness|autorepair|automotivebusiness|healthandbeautybusiness|foodestablishment|lodgingbusiness|hotel|realestateagent|accountingservice|veterinarycare|childcare|locksmith|roofingcontractor|generalcontractor|movingcompany|store|.*business)$/;

export interface SiteTypeResult {
  siteType: SiteType;
  label: string;
  /** 'url' when a keyword of the URL decided, 'content' when the page did, 'default' otherwise. */
  source: 'url' | 'content' | 'default';
  signals: string[];
}

export function detectSiteType(url: string, page: Page, s: Signals): SiteTypeResult {
  const text = url.toLowerCase();
  const keywordHit = [...SITE_TYPE_KEYWORDS.ecommerce, ...SITE_TYPE_KEYWORDS.local].some((k) => text.includes(k));
  if (keywordHit) {
    const siteType = siteTypeFromUrl(url);
    return { siteType, label: SITE_TYPE_LABELS[siteType], source: 'url', signals: ['url keyword'] };
  }
  const types = schemaTypes(page);
  const shop: string[] = [];
  const local: string[] = [];
  if (types.has('product') || types.has('offer') || types.has('aggregateoffer')) shop.push('Product markup');
  if ((metaContent(page, 'og:type') ?? '').toLowerCase() === 'product') shop.push('og:type product');
  if (
    page.elements.some(
      (el) =>
        (el.tag === 'button' || el.tag === 'a' || el.tag === 'input') && /add to (cart|bag|basket)/i.test(el.text + attr(el, 'value')),
    )
  )
    shop.push('add-to-cart button');
  if (linksMatching(s, /\/(cart|basket|checkout)\b/i).length) shop.push('cart link');
  if (s.prices >= 3) shop.push('prices');

  if ([...types].some((t) => LOCAL_TYPES.test(t) && t !== 'store')) local.push('LocalBusiness markup');
  if (
    types.has('postaladdress') ||
    page.elements.some((el) => el.tag === 'address') ||
    /\b\d{1,5}\s+\w+(\s\w+)?\s(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b/i.test(page.text)
  )
    local.push('address');
  if (
    types.has('openinghoursspecification') ||
    JSON.stringify(page.jsonLd).includes('openingHours') ||
    /opening hours|hours of operation|\b(mon|monday)\s?(-|–|to)\s?(fri|friday|sat|saturday|sun|sunday)\b/i.test(page.text)
  )
    local.push('opening hours');
  if (page.elements.some((el) => el.tag === 'iframe' && /maps\.google|google\.com\/maps|openstreetmap/i.test(attr(el, 'src'))))
    local.push('map');
  if (/book (a|an|your) (table|appointment)|walk-ins|reservations?/i.test(page.text)) local.push('bookings');

  const shopScore = shop.reduce(
    (n, sig) => n + (sig === 'Product markup' || sig === 'add-to-cart button' ? 3 : sig === 'prices' ? 1 : 2),
    0,
  );
  const localScore = local.reduce((n, sig) => n + (sig === 'LocalBusiness markup' ? 3 : sig === 'map' || sig === 'bookings' ? 1 : 2), 0);
  if (shopScore >= 3 && shopScore >= localScore)
    return { siteType: 'ecommerce', label: SITE_TYPE_LABELS.ecommerce, source: 'content', signals: shop };
  if (localScore >= 3) return { siteType: 'local', label: SITE_TYPE_LABELS.local, source: 'content', signals: local };
  return { siteType: 'b2b', label: SITE_TYPE_LABELS.b2b, source: 'default', signals: [] };
}
