/**
 * Site type: each type collects points from what the page shows (schema.org markup, cart and
 * donate buttons, prices, an address, a documentation layout, an article) and from keywords of
 * the URL's host and path (never its query string: a campaign parameter such as
 * ?utm_campaign=shop-sale says nothing about the site, and scans are cached without it). The
 * type with most points wins from 3 points up; otherwise the default 'b2b'.
 */
import { classifiablePart, SITE_TYPE_KEYWORDS, SITE_TYPE_LABELS, type SiteType } from '../site-type';
import { attr, metaContent, schemaTypes, type Page } from './page';
import { commercialLinks, DOCS_GENERATOR, pathOf } from './page-type';
import { linksMatching, type Signals } from './signals';
import { CTA_WORDS, wordsPattern } from './words';

const LOCAL_TYPES =
  /^(localbusiness|restaurant|cafeorcoffeeshop|bakery|barorpub|dentist|physician|medicalclinic|hairsalon|beautysalon|dayspa|attorney|legalservice|plumber|electrician|hvacbusiness|homeandconstructionbusiness|autorepair|automotivebusiness|healthandbeautybusiness|foodestablishment|lodgingbusiness|hotel|realestateagent|accountingservice|veterinarycare|childcare|locksmith|roofingcontractor|generalcontractor|movingcompany|.*business)$/;
const ADD_TO_CART = wordsPattern(['add to cart', 'add to bag', 'add to basket']);
const DONATE = wordsPattern(['donate', 'donate now', 'give now', 'make a gift', 'sponsor a child']);
const CHARITY_WORDS = wordsPattern([
  'non-profit',
  'nonprofit',
  'not-for-profit',
  'charity',
  'registered charity',
  '501(c)(3)',
  'charitable',
]);
const SALES_CTA = wordsPattern([
  'demo',
  'free trial',
  'start trial',
  'get started',
  'contact sales',
  'talk to sales',
  'get a quote',
  'pricing',
]);

export interface SiteTypeResult {
  siteType: SiteType;
  label: string;
  /** 'url' when a keyword of the URL tipped the balance, 'content' when the page did, 'default' otherwise. */
  source: 'url' | 'content' | 'default';
  signals: string[];
}

type Scored = Exclude<SiteType, 'b2b'>;

export function detectSiteType(url: string, page: Page, s: Signals): SiteTypeResult {
  const where = classifiablePart(url);
  const path = pathOf(url);
  const types = schemaTypes(page);
  const signals: Record<Scored | 'b2b', [string, number][]> = { ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] };
  const add = (type: Scored | 'b2b', name: string, points: number): void => void signals[type].push([name, points]);

  if (SITE_TYPE_KEYWORDS.ecommerce.some((k) => where.includes(k))) add('ecommerce', 'url keyword', 3);
  if (SITE_TYPE_KEYWORDS.local.some((k) => where.includes(k))) add('local', 'url keyword', 3);

  if (types.has('product') || types.has('offer') || types.has('aggregateoffer')) add('ecommerce', 'Product markup', 3);
  if ((metaContent(page, 'og:type') ?? '').toLowerCase() === 'product') add('ecommerce', 'og:type product', 2);
  if (s.structure.controls.some((c) => ADD_TO_CART.test(c.text))) add('ecommerce', 'add-to-cart button', 3);
  if (linksMatching(s, /\/(cart|basket|checkout)\b/i).length) add('ecommerce', 'cart link', 2);
  if (s.prices >= 3) add('ecommerce', 'prices', 1);

  if ([...types].some((t) => LOCAL_TYPES.test(t))) add('local', 'LocalBusiness markup', 3);
  if (
    types.has('postaladdress') ||
    page.elements.some((el) => el.tag === 'address') ||
    /\b\d{1,5}\s+\w+(\s\w+)?\s(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b/i.test(page.text)
  )
    add('local', 'address', 2);
  if (
    types.has('openinghoursspecification') ||
    JSON.stringify(page.jsonLd).includes('openingHours') ||
    /opening hours|hours of operation|\b(mon|monday)\s?(-|–|to)\s?(fri|friday|sat|saturday|sun|sunday)\b/i.test(page.text)
  )
    add('local', 'opening hours', 2);
  if (page.elements.some((el) => el.tag === 'iframe' && /maps\.google|google\.com\/maps|openstreetmap/i.test(attr(el, 'src'))))
    add('local', 'map', 1);
  if (/\bbook (a|an|your) (table|appointment)\b|\bwalk-ins\b|\breservations?\b/i.test(page.text)) add('local', 'bookings', 1);

  if (
    /^https?:\/\/(docs|developers?|devdocs|api|help|support)\./.test(where) ||
    /^\/(docs|documentation|reference|api-reference)(\/|$)/.test(path)
  )
    add('docs', 'documentation URL', 3);
  if (DOCS_GENERATOR.test(metaContent(page, 'generator') ?? '')) add('docs', 'documentation generator', 3);
  if (types.has('techarticle') || types.has('apireference')) add('docs', 'TechArticle markup', 2);
  if (linksMatching(s, /^(edit this page|edit on github|edit page)$/i).length) add('docs', "'Edit this page' link", 2);
  if (page.elements.filter((e) => e.tag === 'pre').length >= 2) add('docs', 'code blocks', 1);

  if (['article', 'blogposting', 'newsarticle'].some((t) => types.has(t))) add('content', 'Article markup', 3);
  if ((metaContent(page, 'og:type') ?? '').toLowerCase() === 'article') add('content', 'og:type article', 2);
  if (/^\/(blog|news|articles?|posts?|stories|magazine)(\/|$)/.test(path)) add('content', 'blog URL', 2);
  if (page.elements.some((e) => e.tag === 'article' && e.words >= 300)) add('content', 'long article', 1);

  if (types.has('ngo') || types.has('nonprofitorganization') || JSON.stringify(page.jsonLd).includes('nonprofitStatus'))
    add('nonprofit', 'NGO markup', 3);
  if (s.structure.controls.some((c) => DONATE.test(c.text) && c.region !== 'footer')) add('nonprofit', 'donate button', 3);
  if (CHARITY_WORDS.test(page.text)) add('nonprofit', 'charity statement', 2);

  // What a company blog or docs page of a business still shows: pricing, trial and demo calls.
  if (commercialLinks(page) > 0) add('b2b', 'pricing or sign-up link', 2);
  if (s.ctas.some((c) => SALES_CTA.test(c.text) && CTA_WORDS.test(c.text))) add('b2b', 'sales call to action', 2);

  const total = (t: Scored | 'b2b'): number => signals[t].reduce((n, [, p]) => n + p, 0);
  // Publishing and documentation only win over a business's own commercial signals.
  const order: Scored[] = ['ecommerce', 'local', 'nonprofit', 'docs', 'content'];
  const points = (t: Scored): number => total(t) - (t === 'content' || t === 'docs' ? total('b2b') : 0);
  let best: Scored | null = null;
  for (const t of order) if (points(t) >= 3 && (!best || points(t) > points(best))) best = t;
  if (!best) return { siteType: 'b2b', label: SITE_TYPE_LABELS.b2b, source: 'default', signals: signals.b2b.map(([n]) => n) };
  const names = signals[best].map(([n]) => n);
  const fromUrl = names.includes('url keyword') && total(best) - 3 < 3;
  return { siteType: best, label: SITE_TYPE_LABELS[best], source: fromUrl ? 'url' : 'content', signals: names };
}
