/**
 * Site type: each type collects points from what the page shows (schema.org markup, cart and
 * donate buttons, prices, an address and opening hours, a documentation layout, article listings,
 * sales calls to action) and from keywords of the URL's host and path (never its query string: a
 * campaign parameter such as ?utm_campaign=shop-sale says nothing about the site, and scans are
 * cached without it). The type with most points wins from 2 points up (3 when only its words show
 * it) and two points ahead of the runner-up, with a confidence from its lead; below that, or when
 * two types are close, the page is a 'general' website and only the checks every site shares apply:
 * weak evidence gets no type-specific advice.
 */
import { classifiablePart, SITE_TYPE_KEYWORDS, SITE_TYPE_LABELS, type SiteType } from '../site-type';
import { attr, descendantsOf, metaContent, schemaTypes, type Page } from './page';
import { commercialLinks, DOCS_GENERATOR, pathOf } from './page-type';
import { layoutSigns } from './site-type-layout';
import { linksMatching, type Signals } from './signals';
import { BUY_BUTTON, CTA_WORDS, wordsPattern } from './words';

const LOCAL_TYPES =
  /^(localbusiness|restaurant|cafeorcoffeeshop|bakery|barorpub|dentist|physician|medicalclinic|hairsalon|beautysalon|dayspa|attorney|legalservice|plumber|electrician|hvacbusiness|homeandconstructionbusiness|autorepair|automotivebusiness|healthandbeautybusiness|foodestablishment|lodgingbusiness|hotel|realestateagent|accountingservice|veterinarycare|childcare|locksmith|roofingcontractor|generalcontractor|movingcompany|.*business)$/;
const ADD_TO_CART = wordsPattern([
  'add to cart',
  'add to bag',
  'add to basket',
  'añadir al carrito',
  'agregar al carrito',
  'ajouter au panier',
  'in den warenkorb',
  'aggiungi al carrello',
  'adicionar ao carrinho',
]);
const DONATE = wordsPattern([
  'donate',
  'donate now',
  'give now',
  'make a gift',
  'sponsor a child',
  'donar',
  'dona ahora',
  'haz un donativo',
  'faire un don',
  'spenden',
  'jetzt spenden',
  'doe agora',
  'doar',
  'dona ora',
  'fai una donazione',
]);
/** A page that takes donations: the site's own, or a fundraising platform's. */
const DONATION_HREF =
  /^https?:\/\/(www\.)?(donorbox\.org|givebutter\.com|justgiving\.com|gofundme\.com|globalgiving\.org|classy\.org|paypal\.com\/donate)|\/(donat|donar|spenden|doar|faire-un-don)/i;
/** A shop's promise to ship for free, in the languages of the shops the scan sees. */
const FREE_SHIPPING =
  /\bfree shipping\b|\b(envío|envio) gratis\b|\blivraison (gratuite|offerte)\b|\bkostenlose[rn]? versand\b|\bversandkostenfrei\b|\bspedizione gratuita\b|\bfrete gr[áa]tis\b/i;
const CHARITY_WORDS = wordsPattern([
  'non-profit',
  'nonprofit',
  'not-for-profit',
  'charity',
  'registered charity',
  '501(c)(3)',
  'charitable',
]);
const LOCAL_WORDS = wordsPattern([
  'clinic',
  'hospital',
  'dentist',
  'dental',
  'our doctors',
  'patients',
  'appointment',
  'salon',
  'restaurant',
  'our menu',
  'bakery',
  'plumber',
  'plumbing',
  'construction',
  'contractor',
  'law firm',
  'veterinary',
  'car repair',
  'visit us',
  // Trades that serve people at a place of their own. Not the words that name software as well
  // ("spa", "fitness", "bar"), nor trades that sell online as often (coffee, pharmacy, real estate).
  'cafe',
  'café',
  'pizzeria',
  'bistro',
  'steakhouse',
  'sushi bar',
  'brewery',
  'winery',
  'catering',
  'barber',
  'barbershop',
  'barber shop',
  'hair salon',
  'nail salon',
  'day spa',
  'massage',
  'yoga studio',
  'pilates studio',
  'gym',
  'fitness center',
  'fitness centre',
  'fitness club',
  'hotel',
  'resort',
  'bed and breakfast',
  'hostel',
  'florist',
  'dry cleaning',
  'laundry',
  'car wash',
  'auto repair',
  'mechanic',
  'landscaping',
  'roofing',
  'electrician',
  'locksmith',
  'pest control',
  'moving company',
  'veterinarian',
  'vet clinic',
  'pet grooming',
  'daycare',
  'tattoo studio',
  'optician',
  'physiotherapy',
  'chiropractor',
  'orthodontist',
  'driving school',
]);
/** Words of a cause, not of a business (a foundation's programmes, its donors and volunteers). */
const CAUSE_WORDS = wordsPattern([
  'charity',
  'charities',
  'charitable',
  'foundation',
  'donors',
  'donation',
  'donations',
  'volunteer',
  'volunteers',
  'volunteering',
  'fundraising',
  'our cause',
  'causes',
  'non-profit',
  'nonprofit',
  'humanitarian',
]);
/** A menu entry that is a shop. */
const SHOP_MENU = /^(shop|shop all|the shop|store|online store|our store|new arrivals|tienda|loja|boutique|negozio|shop now)$/i;
/** A link that shares the page on a network (its intent or sharer URL), by network. */
const SHARE_HREF =
  /^https?:\/\/(?:www\.)?(twitter|x|facebook|linkedin|pinterest|reddit)\.com\/(?:intent\/|share|sharer|shareArticle|sharing|pin\/create|submit)/i;
/** A link that calls the business: its phone or its WhatsApp. */
const CALL_HREF = /^tel:|^https?:\/\/(wa\.me|api\.whatsapp\.com)\//i;
const DAY = '(mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday)';
/** Opening hours in words, or a range of days ("Tues - Sat", "Mon to Fri"). */
const OPENING_HOURS = new RegExp(
  `opening hours|hours of operation|working hours|business hours|office hours|our hours|we're open|we are open|open daily|\\b${DAY}\\.?\\s?(-|–|to)\\s?${DAY}\\b`,
  'i',
);
/** A time of day on a clock: "9AM", "5:30 pm", "08:30", "17.30", "14h" (dots only on the quarter hours: "24.99" is a price). */
const CLOCK =
  '((?:[01]?\\d|2[0-4])(?:[:.]\\d{2})?\\s?(?:am|pm|a\\.m\\.|p\\.m\\.)|(?:[01]?\\d|2[0-4])(?::[0-5]\\d|\\.(?:00|15|30|45))|(?:[01]?\\d|2[0-4])h\\d{0,2})';
/** A span of hours ("9AM-7PM", "08:30 – 18:00", "11:00 AM to 10:00 PM"), in any language. */
const TIME_RANGE = new RegExp(`(?<![\\d:.$€£])${CLOCK}\\s?(?:-|–|—|to|until|till|bis|à|a|al|às)\\s?${CLOCK}(?![\\d:.]|\\s?[$€£%])`, 'gi');
const DAY_TIME = new RegExp(`\\b${DAY}\\b[^a-z0-9]{0,12}(\\d{1,2}(:\\d{2})?\\s?(am|pm|a\\.m\\.|p\\.m\\.)|closed)`, 'gi');

const MERIDIEM = /([ap])\.?m\.?$/i;

/** A clock time in hours since midnight ("5:30 pm" is 17.5, "17.30" too). */
function hoursOf(clock: string): number {
  const [, h = '0', m = '0'] = /(\d{1,2})(?:[:.h](\d{2}))?/.exec(clock) ?? [];
  const meridiem = MERIDIEM.exec(clock)?.[1]?.toLowerCase();
  return (meridiem ? (Number(h) % 12) + (meridiem === 'p' ? 12 : 0) : Number(h)) + Number(m) / 60;
}

/**
 * How many spans of hours on the page last from 2.5 to 16 hours: a venue's opening hours or a
 * kitchen's service ("11:45 am - 2:30 pm"), not an agenda's slots ("10:00 - 11:00 Keynote").
 */
export function openingSpans(text: string): number {
  let spans = 0;
  for (const [, a = '', b = ''] of text.matchAll(TIME_RANGE)) {
    const from = hoursOf(a);
    let to = hoursOf(b);
    // "5:30 pm - 9:00" and "9:00 - 5:00" close in the afternoon; "17.30 – 00.00" at midnight.
    if (to <= from && !MERIDIEM.test(b) && to + 12 > from) to += 12;
    if (to <= from) to += 24;
    if (to - from >= 2.5 && to - from <= 16) spans++;
  }
  return spans;
}

/**
 * A weekly timetable: three or more days, each followed by a time or "closed"; or two spans of
 * opening hours (a day's two services, a week's days, several branches).
 */
function timetable(text: string): boolean {
  if (openingSpans(text) >= 2) return true;
  return new Set([...text.matchAll(DAY_TIME)].map((m) => m[1]!.slice(0, 3).toLowerCase())).size >= 3;
}
/**
 * A post: a date beside its title (just above or below the page's h1) and a body of paragraphs. A
 * date far from the title is a footer's or a listing's; a dated page of short lines is a notice.
 */
function datedArticle(page: Page): boolean {
  const title = page.elements.find((e) => e.tag === 'h1');
  if (!title) return false;
  const near = page.text.slice(Math.max(0, title.textOffset - 300), title.textOffset + title.text.length + 300);
  return POST_DATE.test(near) && page.elements.filter((e) => e.tag === 'p' && e.words >= 40).length >= 2;
}
/** A street address: a number, a street's name that starts with a letter, and its kind. */
const STREET_ADDRESS =
  /\b\d{1,5}\s+[a-z][\w'-]*(?:\s[a-z][\w'-]*)?\s(?:street|st\.|avenue|ave\.?|road|rd\.?|boulevard|blvd\.?|lane|drive|highway|hwy\.?|plaza)\b/gi;
const PERSONAL = /\b(i'm|i am|my name is|hire me|my work|my portfolio|resume|curriculum vitae)\b/i;
const B2B_WORDS = wordsPattern([
  'agency',
  'consulting',
  'consultancy',
  'solutions',
  'software',
  'platform',
  'automation',
  'workflow',
  'saas',
  'b2b',
  'enterprise',
  'for teams',
  'for businesses',
  'small businesses',
  'finance teams',
  'sales team',
  'our clients',
  'case studies',
  'start a project',
  'leads',
  'marketing',
  'branding',
  'analytics',
  'crm',
  'integrations',
  'compliance',
  'logistics',
  'payroll',
  'accounting',
  'invoices',
  'loan',
  'loans',
  'managed services',
  'creative studio',
  'design studio',
  'digital studio',
]);
const SHOP_WORDS = wordsPattern([
  'shop',
  'store',
  'buy',
  'buy & sell',
  'top products',
  'new products',
  'featured products',
  'new arrivals',
  'best sellers',
  'shop now',
  'our products',
  'marketplace',
  'online store',
  'online shop',
  'tienda',
  'tienda online',
  'boutique',
  'loja',
  'negozio',
]);
/** Headings that are a manual's chapters. */
const DOCS_CHAPTER =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(installation|installing|getting started|quick ?start|usage|api|api reference|configuration|options|examples|changelog|change log|faq|troubleshooting|contributing|download|downloads)$/i;
/** A section listing the payment methods a shop accepts. */
const PAYMENT_METHODS =
  /^(payment methods|payment options|we accept|métodos de pago|metodos de pago|formas de pago|moyens de paiement|zahlungsarten|zahlungsmethoden|metodi di pagamento|formas de pagamento)$/i;
/** Sorting a listing by price: what a shop's category page offers. */
const PRICE_SORT = /\b(lowest|highest) price\b|\bprice:?\s*(low|high)(est)?\s*(to|-|–)\s*(high|low)|\bsort by price\b/i;
/** What a product card offers: buying it, putting it in the cart, or opening the product. */
const PRODUCT_ACTION = /^(view product|view details|select options|choose options|quick view)$/i;
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
/** A post's date: "August 28, 2018", "28 Aug 2018", "2018-08-28". */
const POST_DATE = new RegExp(
  // No word boundaries: a card's text runs its parts together ("Sed feugiatAugust 28, 2018By Sam").
  `${MONTH}\\s\\d{1,2}(st|nd|rd|th)?,?\\s(19|20)\\d\\d(?!\\d)|\\d{1,2}(st|nd|rd|th)?\\s${MONTH},?\\s(19|20)\\d\\d(?!\\d)|(19|20)\\d\\d-\\d\\d-\\d\\d(?!\\d)`,
  'i',
);
const PER_PERIOD = /\/\s?(mo|month|year|yr|user|seat)\b|\b(per|a) (month|year|user|seat)\b|\bmonthly\b/i;
const SALES_CTA = wordsPattern([
  'demo',
  'free trial',
  'start trial',
  'get started',
  'contact sales',
  'talk to sales',
  'get a quote',
  'request a quote',
  'free quote',
  'free consultation',
  'book a demo',
  'request a demo',
  'pricing',
  'start a project',
]);

export interface SiteTypeResult {
  siteType: SiteType;
  label: string;
  /** 'url' when a keyword of the URL tipped the balance, 'content' when the page did, 'default' otherwise. */
  source: 'url' | 'content' | 'default';
  signals: string[];
  /** How sure the type is, 0-1: the winner's share of the points of the two strongest types. */
  confidence: number;
  /** Each type's evidence, as 'signal (points)'. */
  evidence: Partial<Record<Scored, string[]>>;
}

type Scored = Exclude<SiteType, 'general'>;

/** Each type's signs on a page, as [sign, points]. */
export type SiteTypeEvidence = Record<Scored, [string, number][]>;

/**
 * How the points decide: the strongest type needs `minPoints`, and a lead of `minLead` over the
 * runner-up (two types with close scores are a guess: 'general' is the honest answer). `drop` names
 * signs ('type:sign') to leave out, for the cross-validation (tests/helpers/site-type-cv.ts).
 */
export interface SiteTypeRule {
  minPoints: number;
  minLead: number;
  /** Points more a type needs when only words show it (its vocabulary, not its layout or markup). */
  wordsOnly?: number;
  drop?: ReadonlySet<string>;
}

/**
 * Chosen by cross-validation over template families, not by hand: on the corpus's tuning half
 * (tests/helpers/site-type-cv.ts `chooseThresholds`, printed by `npm run bench -- scan-corpus` with
 * SCAN_CORPUS_CV=1) the pages of a family nobody's signs were written for show less evidence than
 * the rest, and a layout sign's two points decide them right where vocabulary's do not.
 */
export const SITE_TYPE_RULE: SiteTypeRule = { minPoints: 2, minLead: 2, wordsOnly: 1 };

export function detectSiteType(url: string, page: Page, s: Signals): SiteTypeResult {
  return decideSiteType(siteTypeEvidence(url, page, s));
}

/** The signs each type collects from the page and its URL, before any decision. */
export function siteTypeEvidence(url: string, page: Page, s: Signals): SiteTypeEvidence {
  const where = classifiablePart(url);
  const path = pathOf(url);
  const types = schemaTypes(page);
  const signals: SiteTypeEvidence = { ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] };
  const add = (type: Scored, name: string, points: number): void => void signals[type].push([name, points]);
  // What the page says it is: its title and first headings (a trade named deep in a page is a topic).
  const headline = [...page.elements.filter((e) => e.tag === 'title').map((e) => e.text), ...s.headings.slice(0, 4)].join(' \n ');

  if (SITE_TYPE_KEYWORDS.ecommerce.some((k) => where.includes(k))) add('ecommerce', 'url keyword', 3);
  if (SITE_TYPE_KEYWORDS.local.some((k) => where.includes(k))) add('local', 'url keyword', 3);

  if (types.has('product') || types.has('offer') || types.has('aggregateoffer')) add('ecommerce', 'Product markup', 3);
  if ((metaContent(page, 'og:type') ?? '').toLowerCase() === 'product') add('ecommerce', 'og:type product', 2);
  if (s.structure.controls.some((c) => ADD_TO_CART.test(c.text))) add('ecommerce', 'add-to-cart button', 3);
  if (s.structure.controls.filter((c) => BUY_BUTTON.test(c.text.trim())).length >= 3) add('ecommerce', 'buy buttons', 3);
  const plans =
    s.structure.prices.filter((p) => PER_PERIOD.test(p.text)).length >= 2 ||
    // The period may sit in its own element after the amount ("$ 24,35 <br> month").
    (page.text.match(/[$€£]\s?\d[\d.,]*\s*(\/\s?|per\s|a\s)?(mo|month|monthly)\b/gi) ?? []).length >= 2;
  // Structure, in any language: several one-off prices beside as many product actions (a shop's
  // grid of cards), which a price table of plans (priced per month) or a menu (no buttons) is not.
  const oneOff = s.structure.prices.filter((p) => !p.struck && !PER_PERIOD.test(p.text)).length;
  const productActions = s.structure.controls.filter((c) => {
    const t = c.text.trim();
    return BUY_BUTTON.test(t) || ADD_TO_CART.test(t) || PRODUCT_ACTION.test(t);
  }).length;
  // Buttons drawn as adding to the cart whose words say something else ("Add", an icon alone).
  const drawnAdds = s.drawnAddToCart.filter((el) => !ADD_TO_CART.test(el.text) && !BUY_BUTTON.test(el.text.trim())).length;
  if (oneOff >= 3 && productActions + drawnAdds >= 3 && !plans) add('ecommerce', 'priced products with buy actions', 3);
  if (linksMatching(s, /\/(cart|basket|checkout|carrito|panier|warenkorb|carrello|carrinho)\b/i).length || s.drawnCarts.length)
    add('ecommerce', 'cart link', 2);
  // Prices alone are no shop: plans, menus and price tables of every kind of site have them.
  if (s.structure.ratings.length >= 3 || (s.structure.ratings.length >= 2 && s.prices >= 2)) add('ecommerce', 'rated products', 1);
  if (SHOP_WORDS.test(headline)) add('ecommerce', 'shop words in the headings', 2);
  // The site's own menu leads to its shop ("Shop", "Store", "New arrivals"; not "Products", which
  // is a software company's menu too).
  if (s.structure.controls.some((c) => (c.region === 'nav' || c.region === 'header') && SHOP_MENU.test(c.text.trim())))
    add('ecommerce', 'shop in the menu', 2);
  if (PRICE_SORT.test(page.text)) add('ecommerce', 'sorting by price', 2);
  if (s.headings.some((h) => PAYMENT_METHODS.test(h.trim()))) add('ecommerce', 'payment methods', 1);
  if (FREE_SHIPPING.test(page.text)) add('ecommerce', 'free shipping offer', 2);

  if ([...types].some((t) => LOCAL_TYPES.test(t))) add('local', 'LocalBusiness markup', 3);
  if (
    types.has('postaladdress') ||
    page.elements.some((el) => el.tag === 'address') ||
    /\b\d{1,5}\s+\w+(\s\w+)?\s(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b/i.test(page.text)
  )
    add('local', 'address', 1); // one point: every kind of site shows an address
  // Two or more street addresses: a business's branches (a company's one office is a single address).
  if (new Set((page.text.match(STREET_ADDRESS) ?? []).map((a) => a.toLowerCase())).size >= 2) add('local', 'several addresses', 2);
  if (
    types.has('openinghoursspecification') ||
    JSON.stringify(page.jsonLd).includes('openingHours') ||
    OPENING_HOURS.test(page.text) ||
    timetable(page.text)
  )
    add('local', 'opening hours', 2);
  if (page.elements.some((el) => el.tag === 'iframe' && /maps\.google|google\.com\/maps|openstreetmap/i.test(attr(el, 'src'))))
    add('local', 'map', 1);
  if (/\bbook (a|an|your) (table|appointment)\b|\bwalk-ins\b|\breservations?\b/i.test(page.text)) add('local', 'bookings', 1);
  if (LOCAL_WORDS.test(headline)) add('local', 'local trade in the headings', 2);
  if (s.links.some((a) => /^tel:/i.test(attr(a, 'href'))) || s.phoneInText) add('local', 'phone number', 1);
  // A number to tap on the page itself (not the footer's contact block): a business that takes
  // calls. The footer's tel: link stays contact details, which every kind of site shows.
  if (s.links.some((a) => /^tel:/i.test(attr(a, 'href')) && !a.ancestors.includes('footer'))) add('local', 'phone link', 1);
  // "Call us" as one of the page's own actions (a styled or header link to the phone or to WhatsApp).
  if (s.structure.controls.some((c) => CALL_HREF.test(c.href ?? '') && c.region !== 'footer' && (c.styled || c.region === 'header')))
    add('local', 'call button', 1);

  if (
    /^https?:\/\/(docs|developers?|devdocs|api|help|support)\./.test(where) ||
    /^\/(docs|documentation|reference|api-reference)(\/|$)/.test(path)
  )
    add('docs', 'documentation URL', 3);
  if (DOCS_GENERATOR.test(metaContent(page, 'generator') ?? '')) add('docs', 'documentation generator', 3);
  if (types.has('techarticle') || types.has('apireference')) add('docs', 'TechArticle markup', 2);
  if (linksMatching(s, /^(edit this page|edit on github|edit page)$/i).length) add('docs', "'Edit this page' link", 2);
  const code = page.elements.filter((e) => e.tag === 'pre').length;
  if (code >= 2) add('docs', 'code blocks', code >= 10 ? 3 : 1);
  const inPage = page.elements.filter((e) => e.tag === 'a' && /^#./.test(attr(e, 'href')));
  if (inPage.length >= 40) add('docs', 'long in-page index', 1);
  // A manual's layout: a table of contents of its own sections beside code (a one-page landing
  // links a handful of sections and shows no code).
  if (new Set(inPage.map((e) => attr(e, 'href'))).size >= 8 && code >= 2) add('docs', 'table of contents beside code', 2);
  // A manual's own chapters: installation, usage, API, configuration.
  const chapters = new Set(s.headings.flatMap((h) => (DOCS_CHAPTER.exec(h.trim())?.[1] ?? '').toLowerCase() || []));
  if (chapters.size >= 2) add('docs', 'manual chapters in the headings', chapters.size >= 3 ? 2 : 1);

  if (['article', 'blogposting', 'newsarticle'].some((t) => types.has(t))) add('content', 'Article markup', 3);
  if ((metaContent(page, 'og:type') ?? '').toLowerCase() === 'article') add('content', 'og:type article', 2);
  if (/^\/(blog|news|articles?|posts?|stories|magazine)(\/|$)/.test(path)) add('content', 'blog URL', 2);
  const readMore = s.structure.controls.filter((c) => /^(read more|continue reading|read article|read the story)\b/i.test(c.text)).length;
  // A byline's words in any case (themes often write "5 MIN READ" in capitals); a name stays capitalised.
  const posted =
    (page.text.match(/\b(posted by|written by|min read|\d+ comments?)\b/gi) ?? []).length +
    (page.text.match(/\bby [A-Z][a-z]+ [A-Z][a-z]+ on\b/g) ?? []).length;
  // Templates wrap any box in <article> (features, services, projects): posts are the dated ones.
  // A date in words, or a <time> that gives its date as data (a card may read "3 days ago").
  const datedArticles = page.elements.filter(
    (e, i) =>
      e.tag === 'article' &&
      (POST_DATE.test(e.text) || descendantsOf(page, i).some((x) => x.tag === 'time' && /^\d{4}-\d\d-\d\d/.test(attr(x, 'datetime')))),
  ).length;
  // "Read more" under service or feature cards is no post: it counts where the page dates its posts.
  const dates = (page.text.match(new RegExp(POST_DATE.source, 'gi')) ?? []).length;
  if ((dates >= 2 ? readMore : 0) + posted >= 3 || datedArticles >= 3) add('content', 'post listing', 2);
  if (datedArticle(page)) add('content', 'dated article', 2);
  if (/\b(blog|news|magazine|journal|newspaper)\b/i.test(headline)) add('content', 'blog or news in the headings', 1);
  if (/\b(posted|published|written) (by|on)\b/i.test(page.text)) add('content', 'byline', 2);
  // Buttons that share the page itself on two or more networks: what a publication asks of its readers.
  const shareNetworks = new Set(s.links.flatMap((a) => SHARE_HREF.exec(attr(a, 'href'))?.[1]?.toLowerCase() ?? []));
  if (shareNetworks.size >= 2) add('content', 'share buttons', 1);

  if (types.has('ngo') || types.has('nonprofitorganization') || JSON.stringify(page.jsonLd).includes('nonprofitStatus'))
    add('nonprofit', 'NGO markup', 3);
  if (
    s.structure.controls.some((c) => DONATE.test(c.text) && c.region !== 'footer') ||
    s.links.some((a) => DONATION_HREF.test(attr(a, 'href')))
  )
    add('nonprofit', 'donate button', 3);
  if (CHARITY_WORDS.test(page.text)) add('nonprofit', 'charity statement', 2);
  // A cause's vocabulary where the site names itself: a point for each of the title, the headings,
  // the navigation and the description that use it.
  const navText = s.structure.controls
    .filter((c) => c.region === 'nav' || c.region === 'header')
    .map((c) => c.text)
    .join(' \n ');
  const causeWords = [headline, s.headings.join(' \n '), navText, metaContent(page, 'description') ?? ''].filter((t) =>
    CAUSE_WORDS.test(t),
  ).length;
  if (causeWords) add('nonprofit', 'cause vocabulary', causeWords);

  // What a company blog or docs page of a business still shows: pricing, trial and demo calls.
  // A demo, trial or sign-up page is a software company's; a pricing page alone is any seller's
  // (events, courses and salons price their tickets and services too).
  if (commercialLinks(page, /\/(demo|signup|sign-up|trial|contact-sales)\b/i) > 0) add('b2b', 'sign-up or demo link', 2);
  else if (commercialLinks(page, /\/(pricing|plans)\b/i) > 0) add('b2b', 'pricing link', 1);
  if (s.ctas.some((c) => SALES_CTA.test(c.text) && CTA_WORDS.test(c.text))) add('b2b', 'sales call to action', 2);
  if (plans) add('b2b', 'plans priced per month', 2);
  // Business vocabulary: a point for each of the title, the headings and the description that use it.
  const title = page.elements.find((e) => e.tag === 'title')?.text ?? '';
  // Headings that name two or more business services ("Branding", "Consulting") count twice.
  const serviceHeadings = s.headings.filter((h) => B2B_WORDS.test(h)).length >= 2 ? 1 : 0;
  const b2bWords =
    [title, s.headings.join(' \n '), metaContent(page, 'description') ?? ''].filter((t) => B2B_WORDS.test(t)).length + serviceHeadings;
  if (b2bWords) add('b2b', 'business vocabulary', b2bWords);
  // A team presented on the page: a company's, not one person's.
  if (s.headings.some((h) => /^(meet )?(our|the) (amazing |awesome |creative |expert )?team!?$|^meet the team$/i.test(h.trim())))
    add('b2b', 'team section', 1);
  if (
    // A lead form asks how to reach the person as well: a form about companies (a demo's fields, a
    // survey) asks for no email or phone.
    s.forms.some(
      (f) =>
        f.fields.some((x) => /company|organi[sz]ation|job.?title|business.?name|team.?size|employees/i.test(`${x.name} ${x.label}`)) &&
        f.fields.some(
          (x) => x.type === 'email' || x.type === 'tel' || /e-?mail|phone|tel\b/i.test(`${x.name} ${x.label} ${x.placeholder}`),
        ),
    )
  )
    add('b2b', 'lead form asking for the company', 3);
  for (const [type, name, points] of layoutSigns(page, s)) add(type, name, points);

  // A personal site (a résumé, a freelancer's portfolio) is nobody's sales team.
  if (PERSONAL.test(page.text.slice(0, 4000))) {
    add('b2b', 'personal site', -3);
    add('local', 'personal site', -3);
  }

  return signals;
}

/**
 * The evidence of several pages of one site (the signed-in scan reads up to 5): each sign once,
 * at its strongest, so a footer's phone number on every page still counts one point and a blog's
 * contact page is typed by the posts the rest of the site shows.
 */
export function poolSiteTypeEvidence(pages: SiteTypeEvidence[]): SiteTypeEvidence {
  const pooled: SiteTypeEvidence = { ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] };
  for (const type of Object.keys(pooled) as Scored[]) {
    const strongest = new Map<string, number>();
    for (const page of pages)
      for (const [name, points] of page[type]) {
        const had = strongest.get(name);
        if (had === undefined || Math.abs(points) > Math.abs(had)) strongest.set(name, points);
      }
    pooled[type] = [...strongest];
  }
  return pooled;
}

/**
 * The site's type from the evidence of the pages read, the first being the home page. A result
 * stored before pages kept their evidence has none: then the home page's type stands.
 */
export function siteTypeOfPages(pages: { siteType: SiteType; siteTypeEvidence?: SiteTypeEvidence }[]): SiteType {
  const evidence = pages.flatMap((p) => (p.siteTypeEvidence ? [p.siteTypeEvidence] : []));
  if (!pages.length || evidence.length < pages.length) return pages[0]?.siteType ?? 'general';
  return decideSiteType(poolSiteTypeEvidence(evidence)).siteType;
}

/** Signs read from the page's vocabulary alone: any kind of site may use the words. */
const WORD_SIGNS = new Set([
  'shop words in the headings',
  'local trade in the headings',
  'blog or news in the headings',
  'charity statement',
  'cause vocabulary',
  'business vocabulary',
  'sales call to action',
  'team section',
]);

const SCORED_ORDER: Scored[] = ['ecommerce', 'local', 'nonprofit', 'b2b', 'docs', 'content'];

/** The type the evidence points to, or 'general' when it is weak or two types compete. */
export function decideSiteType(all: SiteTypeEvidence, rule: SiteTypeRule = SITE_TYPE_RULE): SiteTypeResult {
  const signals = Object.fromEntries(
    SCORED_ORDER.map((t) => [t, all[t].filter(([n]) => !rule.drop?.has(`${t}:${n}`))]),
  ) as SiteTypeEvidence;
  // An address and a phone number (as text, or the footer's link) are on every kind of site: alone
  // they make no local business. A number to tap in the page's body is more ('phone link').
  const contactOnly = signals.local.every(([n, p]) => p <= 0 || ['address', 'phone number', 'call button'].includes(n));
  if (contactOnly && signals.local.some(([, p]) => p > 0)) signals.local.push(['contact details alone', -1]);
  const points = (t: Scored): number => signals[t].reduce((n, [, p]) => n + p, 0);
  const order = SCORED_ORDER;
  const ranked = [...order].sort((a, b) => points(b) - points(a) || order.indexOf(a) - order.indexOf(b));
  const best = ranked[0]!;
  const runnerUp = Math.max(0, points(ranked[1]!));
  const evidence = Object.fromEntries(
    order.filter((t) => signals[t].length).map((t) => [t, signals[t].map(([n, p]) => `${n} (${p})`)]),
  ) as SiteTypeResult['evidence'];
  const shownBy = signals[best].filter(([, p]) => p > 0);
  const wordsOnly = shownBy.length > 0 && shownBy.every(([n]) => WORD_SIGNS.has(n)) ? (rule.wordsOnly ?? 0) : 0;
  if (points(best) < rule.minPoints + wordsOnly || points(best) - runnerUp < rule.minLead)
    return { siteType: 'general', label: SITE_TYPE_LABELS.general, source: 'default', signals: [], confidence: 0, evidence };
  const names = signals[best].filter(([, p]) => p > 0).map(([n]) => n);
  const fromUrl = names.includes('url keyword') && points(best) - 3 < 3;
  return {
    siteType: best,
    label: SITE_TYPE_LABELS[best],
    source: fromUrl ? 'url' : 'content',
    signals: names,
    confidence: Math.round((points(best) / (points(best) + runnerUp)) * 100) / 100,
    evidence,
  };
}
