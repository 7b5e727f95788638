/**
 * Site type: the page's signs of each type (schema.org markup, cart and donate buttons, prices, an
 * address and opening hours, a documentation layout, dated posts, plans priced per month) and the
 * URL's keywords (never its query string: a campaign parameter such as ?utm_campaign=shop-sale says
 * nothing about the site, and scans are cached without it) are the features of a small learned
 * model (site-type-model.ts): how much each sign counts for each type, and how much evidence a type
 * needs before the page is typed at all, were fitted on the scan corpus's tuning half by
 * `npm run train:site-type`. Weak evidence makes a 'general' website, which gets only the checks
 * every site shares. A sign is worth 1 when present; a few count (up to 3). The words the signs read
 * come from published vocabularies (site-type-words.ts), not from the pages the model learns on.
 * (Each type's share of the page's actions (buy, book/call/visit, donate/volunteer, read more,
 * docs, sign up/demo; by words, and by where a link leads) was tried as a sign: round held out fell
 * 85.0 -> 81.0 with a prior of 2, -> 83.0 with a prior of 0, by words alone as well. Dropping
 * the type words where a site names itself (shop, trade, business, cause) lowered it to 79.6; issue 38.)
 */
import { classifiablePart, SITE_TYPE_KEYWORDS, SITE_TYPE_LABELS, type SiteType } from '../site-type';
import { attr, descendantsOf, metaContent, schemaTypes, type Page } from './page';
import { commercialLinks, DOCS_GENERATOR, pathOf } from './page-type';
import { POST_DATE } from './post-date';
import { cardSigns } from './site-type-cards';
import { layoutSigns } from './site-type-layout';
import { decideWithModel, SITE_TYPE_MODEL, type Scored, type SiteTypeEvidence, type SiteTypeModel } from './site-type-model';
import {
  ADD_TO_CART,
  B2B_WORDS,
  CAUSE_WORDS,
  CHARITY_STATUS,
  DOCS_CHAPTER,
  DONATE,
  FREE_SHIPPING,
  LOCAL_OG_TYPE,
  LOCAL_SCHEMA_TYPES,
  LOCAL_TRADE_WORDS,
  NEWS_SECTION,
  PER_PERIOD,
  PERSONAL,
  RESUME_SECTION,
  PRICE_SORT,
  PRODUCT_ACTION,
  PRODUCT_OG_TYPE,
  PUBLISHING_WORDS,
  SALES_CTA,
  SHOP_MENU,
  SHOP_SCHEMA_TYPES,
  SHOP_WORDS,
  TRADE_SHOP,
} from './site-type-words';
import { linksMatching, menuTexts, type Signals } from './signals';
import { knownWords, SITE_WORDS_MODEL, WORDS_NEEDED, wordProbabilities, wordsOfSignals, type SiteWordsModel } from './site-words';
import { BUY_BUTTON, WORD_END, WORD_LETTER } from './words';

export type { SiteTypeEvidence } from './site-type-model';

/** A page that takes donations: the site's own, or a fundraising platform's. */
const DONATION_HREF =
  /^https?:\/\/(www\.)?(donorbox\.org|givebutter\.com|justgiving\.com|gofundme\.com|globalgiving\.org|classy\.org|paypal\.com\/donate)|\/(donat|donar|spenden|doar|faire-un-don)/i;
/** A link that shares the page on a network (its intent or sharer URL), by network. */
const SHARE_HREF =
  /^https?:\/\/(?:www\.)?(twitter|x|facebook|linkedin|pinterest|reddit)\.com\/(?:intent\/|share|sharer|shareArticle|sharing|pin\/create|submit)/i;
/** The word model's probability of its answer at which its words count twice. */
const WORDS_SURE = 0.5;
/** A link that calls the business: its phone or its WhatsApp. */
const CALL_HREF = /^tel:|^https?:\/\/(wa\.me|api\.whatsapp\.com)\//i;
const DAY = '(mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday)';
/** The days' names and abbreviations in Spanish, French, German, Italian and Portuguese, for ranges of days. */
const DAY_ANY = `(${DAY.slice(1, -1)}|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lun|mar|mié|jue|vie|sáb|dom|gio|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|mer|jeu|ven|sam|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|segunda|terça|quarta|quinta|sexta|seg|ter|qua|qui|sex|sab|mo|di|mi|do|fr|sa|so)`;
/** Opening hours in words, or a range of days ("Tues - Sat", "Mon to Fri", "Lun - Ven", "seg. a sex."), in those languages too. */
const OPENING_HOURS = new RegExp(
  `opening hours|hours of operation|working hours|business hours|office hours|our hours|we're open|we are open|open daily|` +
    `horario de atención|horarios? de apertura|horário de funcionamento|horário de atendimento|heures d'ouverture|horaires d'ouverture|` +
    `öffnungszeiten|orari di apertura|orario di apertura|abierto todos los días|ouvert tous les jours|täglich geöffnet|aperto tutti i giorni|aberto todos os dias|` +
    `\\b${DAY_ANY}\\.?\\s?(-|–|to|a|à|au|al|bis|até)\\s?${DAY_ANY}${WORD_END}`,
  'i',
);
/** A time of day on a clock: "9AM", "5:30 pm", "08:30", "17.30", "14h" (dots only on the quarter hours: "24.99" is a price). */
const CLOCK =
  '((?:[01]?\\d|2[0-4])(?:[:.]\\d{2})?\\s?(?:am|pm|a\\.m\\.|p\\.m\\.)|(?:[01]?\\d|2[0-4])(?::[0-5]\\d|\\.(?:00|15|30|45))|(?:[01]?\\d|2[0-4])h\\d{0,2})';
/** A span of hours ("9AM-7PM", "08:30 – 18:00", "11:00 AM to 10:00 PM"), in any language. */
const TIME_RANGE = new RegExp(`(?<![\\d:.$€£])${CLOCK}\\s?(?:-|–|—|to|until|till|bis|à|a|al|às)\\s?${CLOCK}(?![\\d:.]|\\s?[$€£%])`, 'gi');
const DAY_TIME = new RegExp(`\\b${DAY}\\b[^a-z0-9]{0,12}(\\d{1,2}(:\\d{2})?\\s?(am|pm|a\\.m\\.|p\\.m\\.)|closed)`, 'gi');

/** A software seller's pages: a demo, a trial or sign-up, and its plans, with their usual names in those languages. */
const SIGN_UP_PATH = /\/(demo|signup|sign-up|trial|contact-sales|registro|inscription|registrieren|registrazione|cadastro)\b/i;
const PRICING_PATH = /\/(pricing|plans|precios|tarifs|tarifas|preise|prezzi|piani|precos|planos)\b/i;
/** The same as sections of a one-page landing (href="#precios"), and its product's features. */
const PRICING_SECTION = /^(pricing|plans|precios|tarifs|tarifas|preise|prezzi|piani|precos|planos)$/i;
const FEATURES_SECTION = /^(features|caracteristicas|funcionalidades|fonctionnalites|funktionen|funzionalita)$/i;
/** A lead form's question about the company (in those languages too), and its way to answer. */
const COMPANY_FIELD =
  /company|organi[sz]ation|job.?title|business.?name|team.?size|employees|empresa|entreprise|soci[ée]t[ée]|unternehmen|azienda|organizaci[óo]n|organiza[çc][ãa]o|organizzazione/i;
const CONTACT_FIELD = /e-?mail|phone|tel\b|tel[ée]fono|t[ée]l[ée]phone|telefon|telefone|correo|courriel/i;
/** A table or an appointment to book, in English and in Spanish, French, German, Italian and Portuguese. */
const BOOKINGS = new RegExp(
  `\\b(book (a|an|your) (table|appointment)|reservations?|appointments?|reservas?|reservar|cita previa|pedir cita|réservations?|réserver|` +
    `prendre rendez-vous|reservierung|reservieren|termin vereinbaren|termin buchen|prenotazioni|prenotazione|prenota|prenotare|agendamento|agendar)${WORD_END}`,
  'i',
);

/** A post's "Read more" link (WordPress's default words and their translations). */
const READ_MORE = new RegExp(
  `^(read more|continue reading|leer más|seguir leyendo|lire la suite|weiterlesen|mehr lesen|leggi di più|continua a leggere|leia mais|ler mais|continuar lendo)${WORD_END}`,
  'i',
);
/** A byline's words in any case (themes often write "5 MIN READ" in capitals), and their translations. */
const POSTED = new RegExp(
  `\\b(posted by|written by|min read|\\d+ comments?|publicado por|escrito por|publié par|écrit par|veröffentlicht von|geschrieben von|` +
    `pubblicato da|scritto da|min de lectura|min de lecture|min lesezeit|min di lettura|min de leitura|` +
    `\\d+ (comentarios?|commentaires?|kommentare?|commenti|commento|comentários?))${WORD_END}`,
  'gi',
);
/** Who wrote a post or when: "Posted by", "Published on", and their translations. */
const BYLINE = new RegExp(
  `\\b((posted|published|written) (by|on)|publicado (por|el|em)|escrito por|publié (par|le)|écrit par|veröffentlicht (von|am)|geschrieben von|pubblicato (da|il)|scritto da)${WORD_END}`,
  'i',
);
/** Posts dated by their age, as feeds and blog themes print them ("2 days ago", "hace 2 días", "vor 3 Tagen", "2 giorni fa"). */
const POST_AGE = new RegExp(
  `\\b(\\d+|an?|one|two|three)\\s(minutes?|hours?|days?|weeks?|months?)\\sago\\b|` +
    `\\b(hace|há|il y a|vor)\\s(\\d+|un|una|uma|um|une|einem|einer)\\s(minutos?|horas?|días?|dias?|semanas?|meses|mes|mês|minutes?|heures?|jours?|semaines?|mois|minuten|stunden|tagen|wochen|monaten)${WORD_END}|` +
    `\\b(\\d+|un|una)\\s(minuti|minuto|ore|ora|giorni|giorno|settimane|settimana|mesi|mese)\\sfa\\b`,
  'gi',
);

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
/** A word's letter, short for the address patterns below. */
const L = WORD_LETTER;
/**
 * A street address as Spanish, French, German, Italian and Portuguese write it: the kind of street
 * first and its number after ("Calle Mayor 12", "Via Roma, 5", "Rua da Paz, 123"), the number first
 * in French ("12 rue de la Paix"), the kind joined to the name in German ("Hauptstraße 5").
 */
const STREET_ADDRESS_ELSEWHERE = new RegExp(
  `\\b(?:calle|avenida|avda\\.|paseo|carrera|piazza|rua|praça|travessa|alameda|estrada)\\s(?:${L}+[.']?\\s){0,3}${L}+,?\\s(?:n[º°o]\\.?\\s?)?\\d{1,5}(?!\\d)|` +
    `\\b\\d{1,4},?\\s(?:rue|avenue|av\\.|boulevard|bd|place|allée|chemin|impasse|quai)\\s${L}+|` +
    `\\b${L}+(?:straße|strasse|str\\.|weg|platz|allee|gasse)\\s\\d{1,4}[a-z]?(?!\\d)`,
  'gi',
);
/** Italian's "Via" and "Corso" are English words too: only with their capital ("Via Roma, 5"). */
const ITALIAN_STREET = new RegExp(`\\b(?:Via|Viale|Corso)\\s(?:${L}+[.']?\\s){0,3}${L}+,?\\s(?:n\\.?\\s?)?\\d{1,5}(?!\\d)`, 'g');
/**
 * Who holds the copyright: the words after "©" or "Copyright" and the year, up to the rights
 * reserved, a separator or the credit of whoever designed it ("© 2025 Mr.Tu Bakery. All rights…").
 */
const COPYRIGHT_HOLDER =
  /(?:©|\(c\)|\bcopyright\b)(?:\s*(?:©|\(c\)))?\s*(?:(?:19|20)\d\d(?:\s*[-–]\s*(?:19|20)\d\d)?\s*)?((?:(?!all rights|designed|made|powered|built|template|theme)(?:[^.|•●,;:!?\s]|\.(?=\S))+\s*){1,6})/i;

/** A menu link (header or nav) to a section of the page itself whose id matches: href="#pricing". */
function sectionLinks(s: Signals, id: RegExp): boolean {
  return s.structure.controls.some(
    (c) => (c.region === 'nav' || c.region === 'header') && id.test(/^#([\w-]+)$/.exec(c.href ?? '')?.[1] ?? ''),
  );
}

/** Words run together in camel case set apart: "CryptoNews" → "Crypto News" (not "iPhone" or "SaaS"). */
function camelApart(text: string): string {
  return text.replace(/(\p{Ll}{2})(?=\p{Lu}\p{Ll}{2})/gu, '$1 ');
}

export interface SiteTypeResult {
  siteType: SiteType;
  label: string;
  /** 'url' when a keyword of the URL is the strongest evidence, 'content' when the page is, 'default' for a general website. */
  source: 'url' | 'content' | 'default';
  /** The signs that speak for the answer, strongest first. */
  signals: string[];
  /** How sure the model is of its answer, 0-1. */
  confidence: number;
  /** For each type, the signs that raise its score, as 'sign (weight)'. */
  evidence: Partial<Record<Scored, string[]>>;
}

export function detectSiteType(url: string, page: Page, s: Signals): SiteTypeResult {
  return decideSiteType(siteTypeEvidence(url, page, s));
}

/**
 * The signs each type collects from the page and its URL, before any decision. `wordsModel` is the
 * word model whose answer is the sign 'its words' (the training of the site-type model passes one that
 * never saw the page's template family).
 */
export function siteTypeEvidence(url: string, page: Page, s: Signals, wordsModel: SiteWordsModel = SITE_WORDS_MODEL): SiteTypeEvidence {
  const where = classifiablePart(url);
  const path = pathOf(url);
  const types = schemaTypes(page);
  const signals: SiteTypeEvidence = { ecommerce: [], local: [], content: [], docs: [], nonprofit: [], b2b: [] };
  const add = (type: Scored, name: string, value = 1): void => void signals[type].push([name, value]);
  // What the page says it is: its title and first headings (a trade named deep in a page is a topic).
  const headline = [...page.elements.filter((e) => e.tag === 'title').map((e) => e.text), ...s.headings.slice(0, 4)].join(' \n ');
  const navText = menuTexts(s).join(' \n ');
  const description = metaContent(page, 'description') ?? '';
  // The site's own name, where it is given whole: Open Graph's site name and the copyright line ("© 2025 Mr. Tu Bakery").
  const siteName = [metaContent(page, 'og:site_name') ?? '', COPYRIGHT_HOLDER.exec(page.text)?.[1] ?? ''].join(' \n ');

  if (SITE_TYPE_KEYWORDS.ecommerce.some((k) => where.includes(k))) add('ecommerce', 'url keyword');
  if (SITE_TYPE_KEYWORDS.local.some((k) => where.includes(k))) add('local', 'url keyword');

  const ogType = (metaContent(page, 'og:type') ?? '').trim().toLowerCase();
  if (types.has('product') || types.has('offer') || types.has('aggregateoffer')) add('ecommerce', 'Product markup');
  if ([...types].some((t) => SHOP_SCHEMA_TYPES.has(t))) add('ecommerce', 'Store markup');
  if (PRODUCT_OG_TYPE.test(ogType)) add('ecommerce', 'og:type product');
  if (s.structure.controls.some((c) => ADD_TO_CART.test(c.text))) add('ecommerce', 'add-to-cart button');
  if (s.structure.controls.filter((c) => BUY_BUTTON.test(c.text.trim())).length >= 3) add('ecommerce', 'buy buttons');
  const plans =
    s.structure.prices.filter((p) => PER_PERIOD.test(p.text)).length >= 2 ||
    // The period may sit in its own element after the amount ("$ 24,35 <br> month").
    (page.text.match(/[$€£]\s?\d[\d.,]*\s*(\/\s?|per\s|a\s)?(mo|month|monthly)\b/gi) ?? []).length >= 2;
  // Several (two or more) one-off prices beside as many product actions (a shop's grid of cards, a
  // row of two included), which a price table of plans (priced per month) or a menu (no buttons) is not.
  const oneOff = s.structure.prices.filter((p) => !p.struck && !PER_PERIOD.test(p.text)).length;
  const productActions = s.structure.controls.filter((c) => {
    const t = c.text.trim();
    return BUY_BUTTON.test(t) || ADD_TO_CART.test(t) || PRODUCT_ACTION.test(t);
  }).length;
  // Buttons drawn as adding to the cart whose words say something else ("Add", an icon alone).
  const drawnAdds = s.drawnAddToCart.filter((el) => !ADD_TO_CART.test(el.text) && !BUY_BUTTON.test(el.text.trim())).length;
  if (oneOff >= 2 && productActions + drawnAdds >= 2 && !plans) add('ecommerce', 'priced products with buy actions');
  if (linksMatching(s, /\/(cart|basket|checkout|carrito|panier|warenkorb|carrello|carrinho)\b/i).length || s.drawnCarts.length)
    add('ecommerce', 'cart link');
  if (
    s.fields.some((f) =>
      /^(qty|quantity)$|\b(quantity|cantidad|quantite|quantité|menge|anzahl|quantita|quantità|quantidade)\b/i.test(
        `${attr(f, 'name')} ${attr(f, 'id')}`.trim(),
      ),
    )
  )
    add('ecommerce', 'quantity field');
  if (s.structure.ratings.length >= 3 || (s.structure.ratings.length >= 2 && s.prices >= 2)) add('ecommerce', 'rated products');
  // A kind of site's own words where the site names itself: one for each of the title and first
  // headings, the navigation, the description and the site's name that use them.
  // A brand's name is often its words run together ("CryptoNews", "FitGym"): read apart as well
  // (split once here, not again for each type's words).
  const places = [headline, navText, description, siteName].map((t) => [t, camelApart(t)] as const);
  // `without`: phrases that hold the words in another sense, read out first.
  const named = (words: RegExp, without?: RegExp): number =>
    places.filter((texts) => texts.some((t) => words.test(without ? t.replace(without, ' ') : t))).length;
  // A barber's or a coffee shop is a trade's venue, not a shop of goods.
  if (named(SHOP_WORDS, TRADE_SHOP)) add('ecommerce', 'shop words', named(SHOP_WORDS, TRADE_SHOP));
  if (s.structure.controls.some((c) => (c.region === 'nav' || c.region === 'header') && SHOP_MENU.test(c.text.trim())))
    add('ecommerce', 'shop in the menu');
  if (PRICE_SORT.test(page.text)) add('ecommerce', 'sorting by price');
  if (FREE_SHIPPING.test(page.text)) add('ecommerce', 'free shipping offer');

  const streetAddresses = [...(page.text.match(STREET_ADDRESS_ELSEWHERE) ?? []), ...(page.text.match(ITALIAN_STREET) ?? [])];
  if ([...types].some((t) => LOCAL_SCHEMA_TYPES.has(t))) add('local', 'LocalBusiness markup');
  if (LOCAL_OG_TYPE.test(ogType)) add('local', 'og:type business');
  if (
    types.has('postaladdress') ||
    page.elements.some((el) => el.tag === 'address') ||
    /\b\d{1,5}\s+\w+(\s\w+)?\s(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|drive)\b/i.test(page.text) ||
    streetAddresses.length > 0
  )
    add('local', 'address');
  // Two or more street addresses: a business's branches (a company's one office is a single address).
  const addresses = [...(page.text.match(STREET_ADDRESS) ?? []), ...streetAddresses];
  if (new Set(addresses.map((a) => a.toLowerCase())).size >= 2) add('local', 'several addresses');
  if (
    types.has('openinghoursspecification') ||
    JSON.stringify(page.jsonLd).includes('openingHours') ||
    OPENING_HOURS.test(page.text) ||
    timetable(page.text)
  )
    add('local', 'opening hours');
  if (page.elements.some((el) => el.tag === 'iframe' && /maps\.google|google\.com\/maps|openstreetmap/i.test(attr(el, 'src'))))
    add('local', 'map');
  if (BOOKINGS.test(page.text)) add('local', 'bookings');
  if (named(LOCAL_TRADE_WORDS)) add('local', 'local trade named', named(LOCAL_TRADE_WORDS));
  if (s.links.some((a) => /^tel:/i.test(attr(a, 'href'))) || s.phoneInText) add('local', 'phone number');
  // A number to tap on the page itself (not the footer's contact block).
  if (s.links.some((a) => /^tel:/i.test(attr(a, 'href')) && !a.ancestors.includes('footer'))) add('local', 'phone link');
  // "Call us" as one of the page's own actions (a styled or header link to the phone or to WhatsApp).
  if (s.structure.controls.some((c) => CALL_HREF.test(c.href ?? '') && c.region !== 'footer' && (c.styled || c.region === 'header')))
    add('local', 'call button');

  if (
    /^https?:\/\/(docs|developers?|devdocs|api|help|support)\./.test(where) ||
    /^\/(docs|documentation|reference|api-reference)(\/|$)/.test(path)
  )
    add('docs', 'documentation URL');
  if (DOCS_GENERATOR.test(metaContent(page, 'generator') ?? '')) add('docs', 'documentation generator');
  if (types.has('techarticle') || types.has('apireference')) add('docs', 'TechArticle markup');
  // Software described in markup: a product page of a software company as often as a project's docs.
  if (['softwareapplication', 'webapplication'].some((t) => types.has(t))) add('b2b', 'software markup');
  if (linksMatching(s, /^(edit this page|edit on github|edit page)$/i).length) add('docs', "'Edit this page' link");
  const code = page.elements.filter((e) => e.tag === 'pre').length;
  if (code >= 2) add('docs', 'code blocks', code >= 10 ? 2 : 1);
  // Names of code in running text (functions, options, files), as a manual writes them.
  const inlineCode = page.elements.filter((e) => e.tag === 'code' && !e.ancestors.includes('pre')).length;
  if (inlineCode >= 8) add('docs', 'code in the text', inlineCode >= 30 ? 2 : 1);
  const inPage = page.elements.filter((e) => e.tag === 'a' && /^#./.test(attr(e, 'href')));
  if (inPage.length >= 40) add('docs', 'long in-page index');
  // A table of contents of its own sections beside code (a one-page landing links a handful of sections and shows no code).
  if (new Set(inPage.map((e) => attr(e, 'href'))).size >= 8 && code >= 2) add('docs', 'table of contents beside code');
  const chapters = new Set(s.headings.flatMap((h) => (DOCS_CHAPTER.exec(h.trim())?.[1] ?? '').toLowerCase() || []));
  if (chapters.size >= 2) add('docs', 'manual chapters in the headings', Math.min(3, chapters.size - 1));

  if (['article', 'blogposting', 'newsarticle', 'blog', 'liveblogposting', 'reportagenewsarticle'].some((t) => types.has(t)))
    add('content', 'Article markup');
  if (ogType === 'article') add('content', 'og:type article');
  if (/^\/(blog|news|articles?|posts?|stories|magazine|noticias|actualites|nachrichten|notizie)(\/|$)/.test(path))
    add('content', 'blog URL');
  const readMore = s.structure.controls.filter((c) => READ_MORE.test(c.text)).length;
  // A name stays capitalised in an English byline ("by Jane Doe on").
  const posted = (page.text.match(POSTED) ?? []).length + (page.text.match(/\bby [A-Z][a-z]+ [A-Z][a-z]+ on\b/g) ?? []).length;
  // Templates wrap any box in <article>: posts are the dated ones (a date in words, or a <time> with its date as data).
  const datedArticles = page.elements.filter(
    (e, i) =>
      e.tag === 'article' &&
      (POST_DATE.test(e.text) || descendantsOf(page, i).some((x) => x.tag === 'time' && /^\d{4}-\d\d-\d\d/.test(attr(x, 'datetime')))),
  ).length;
  const dates = (page.text.match(new RegExp(POST_DATE.source, 'gi')) ?? []).length;
  if ((dates >= 2 ? readMore : 0) + posted >= 3 || datedArticles >= 3) add('content', 'post listing');
  if (dates >= 3) add('content', 'several dates');
  if ((page.text.match(POST_AGE) ?? []).length >= 2) add('content', 'post ages');
  if (page.elements.filter((e) => e.tag === 'time').length >= 2) add('content', 'time elements');
  if (datedArticle(page)) add('content', 'dated article');
  if (PUBLISHING_WORDS.test(headline)) add('content', 'blog or news in the headings');
  if (PUBLISHING_WORDS.test(navText)) add('content', 'blog or news in the menu');
  const sections = new Set(
    s.structure.controls
      .filter((c) => (c.region === 'nav' || c.region === 'header') && NEWS_SECTION.test(c.text.trim()))
      .map((c) => c.text.trim().toLowerCase()),
  );
  if (sections.size >= 4) add('content', 'news sections in the menu');
  if (BYLINE.test(page.text)) add('content', 'byline');
  // Buttons that share the page itself on two or more networks: what a publication asks of its readers.
  const shareNetworks = new Set(s.links.flatMap((a) => SHARE_HREF.exec(attr(a, 'href'))?.[1]?.toLowerCase() ?? []));
  if (shareNetworks.size >= 2) add('content', 'share buttons');

  if (
    types.has('ngo') ||
    types.has('nonprofitorganization') ||
    types.has('donateaction') ||
    JSON.stringify(page.jsonLd).includes('nonprofitStatus')
  )
    add('nonprofit', 'NGO markup');
  if (
    s.structure.controls.some((c) => DONATE.test(c.text) && c.region !== 'footer') ||
    s.links.some((a) => DONATION_HREF.test(attr(a, 'href')))
  )
    add('nonprofit', 'donate button');
  if (CHARITY_STATUS.test(page.text)) add('nonprofit', 'charity statement');
  if (named(CAUSE_WORDS)) add('nonprofit', 'cause vocabulary', named(CAUSE_WORDS));

  // A demo, trial or sign-up page is a software company's; a pricing page is any seller's, and
  // counts apart (the fit weighs each). A one-page landing links its own sections instead
  // (href="#pricing"): a section of plans, and of the product's features, in its menu.
  if (commercialLinks(page, SIGN_UP_PATH) > 0) add('b2b', 'sign-up or demo link');
  if (commercialLinks(page, PRICING_PATH) > 0 || sectionLinks(s, PRICING_SECTION)) add('b2b', 'pricing link');
  if (sectionLinks(s, FEATURES_SECTION)) add('b2b', 'features section in the menu');
  if (s.ctas.some((c) => SALES_CTA.test(c.text))) add('b2b', 'sales call to action');
  if (plans) add('b2b', 'plans priced per month');
  if (named(B2B_WORDS)) add('b2b', 'business vocabulary', named(B2B_WORDS));
  if (
    // A lead form asks how to reach the person as well: a form about companies (a survey) asks for no email or phone.
    s.forms.some(
      (f) =>
        f.fields.some((x) => COMPANY_FIELD.test(`${x.name} ${x.label}`)) &&
        f.fields.some((x) => x.type === 'email' || x.type === 'tel' || CONTACT_FIELD.test(`${x.name} ${x.label} ${x.placeholder}`)),
    )
  )
    add('b2b', 'lead form asking for the company');
  for (const [type, name, value] of [...layoutSigns(page, s), ...cardSigns(page, s)]) add(type, name, value);
  // What the page's words alone say it is (site-words.ts). Its answer is a sign for that type
  // (worth 2 when the model is sure); a page of few known words has none.
  const words = wordsOfSignals(page, s);
  if (knownWords(wordsModel, words).length >= WORDS_NEEDED) {
    const byWords = wordProbabilities(words, wordsModel);
    const wordsSay = (Object.keys(byWords) as SiteType[]).reduce((a, b) => (byWords[b] > byWords[a] ? b : a));
    if (wordsSay !== 'general') add(wordsSay, 'its words', byWords[wordsSay] >= WORDS_SURE ? 2 : 1);
  }

  // A personal site (a résumé, a freelancer's portfolio) is nobody's sales team or shop front: the
  // model learns how much it says against each.
  const resumeSections = new Set(s.headings.map((h) => h.trim().toLowerCase()).filter((h) => RESUME_SECTION.test(h)));
  if (PERSONAL.test(headline) || PERSONAL.test(page.text.slice(0, 4000)) || resumeSections.size >= 3) {
    add('b2b', 'personal site');
    add('local', 'personal site');
  }

  return signals;
}

/**
 * The site's type from the evidence of the pages read, the first being the home page. A result
 * stored before pages kept their evidence has none: then the home page's type stands.
 */
export function siteTypeOfPages(
  pages: { siteType: SiteType; siteTypeEvidence?: SiteTypeEvidence }[],
  model: SiteTypeModel = SITE_TYPE_MODEL,
): SiteType {
  return siteDecisionOfPages(pages, model).siteType;
}

/**
 * siteTypeOfPages with the decision's confidence (its probability): the type-scoped absences of
 * pages audited again as pages of this type ask for it (type-confidence.ts). The home page's
 * stored type, when a page lacks evidence, comes with its own confidence or counts as decided.
 */
export function siteDecisionOfPages(
  pages: { siteType: SiteType; siteTypeEvidence?: SiteTypeEvidence; siteTypeConfidence?: number }[],
  model: SiteTypeModel = SITE_TYPE_MODEL,
): { siteType: SiteType; confidence: number } {
  const evidence = pages.flatMap((p) => (p.siteTypeEvidence ? [p.siteTypeEvidence] : []));
  if (!pages.length || evidence.length < pages.length)
    return { siteType: pages[0]?.siteType ?? 'general', confidence: pages[0]?.siteTypeConfidence ?? 1 };
  const d = decideWithHome(evidence.slice(1), evidence[0], model);
  return { siteType: d.siteType, confidence: d.confidence };
}

/** How sure the home page alone must be of a type for it to be the site's, whatever an inner page shows. */
export const HOME_DECIDES = 0.9;

/**
 * The site's type from some of its pages and its home page: the home page speaks for the site, so
 * when it is clear on its own (a type, at HOME_DECIDES or more) an inner page's signs (a shop's
 * wholesale form, a firm's blog post) do not retype it; otherwise every page's signs are pooled.
 */
export function decideWithHome(
  pages: SiteTypeEvidence[],
  home: SiteTypeEvidence | undefined,
  model: SiteTypeModel = SITE_TYPE_MODEL,
): SiteTypeResult {
  if (home) {
    const byHome = decideSiteType(home, model);
    if (byHome.siteType !== 'general' && byHome.confidence >= HOME_DECIDES) return byHome;
  }
  return decideSiteType(home ? [...pages, home] : pages, model);
}

/** Signs read from the URL rather than the page. */
const URL_SIGNS = new Set(['url keyword', 'documentation URL', 'blog URL']);

/**
 * The type the evidence points to, or 'general' when it is too weak for any. Several pages' evidence
 * (the signed-in scan reads up to 5 of a site) is judged together by the same model: their scores averaged.
 */
export function decideSiteType(evidence: SiteTypeEvidence | SiteTypeEvidence[], model: SiteTypeModel = SITE_TYPE_MODEL): SiteTypeResult {
  const d = decideWithModel(model, Array.isArray(evidence) ? evidence : [evidence]);
  const shown = Object.fromEntries(
    Object.entries(d.support)
      .filter(([, list]) => list.length)
      .map(([t, list]) => [t, list.map(([key, c]) => `${key.slice(key.indexOf(':') + 1)} (${Math.round(c * 100) / 100})`)]),
  ) as SiteTypeResult['evidence'];
  const confidence = Math.round(d.probability * 100) / 100;
  if (d.siteType === 'general')
    return { siteType: 'general', label: SITE_TYPE_LABELS.general, source: 'default', signals: [], confidence, evidence: shown };
  const names = d.support[d.siteType].map(([key]) => key.slice(key.indexOf(':') + 1));
  return {
    siteType: d.siteType,
    label: SITE_TYPE_LABELS[d.siteType],
    source: names[0] && URL_SIGNS.has(names[0]) ? 'url' : 'content',
    signals: [...new Set(names)],
    confidence,
    evidence: shown,
  };
}
