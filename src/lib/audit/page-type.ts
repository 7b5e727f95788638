/**
 * What kind of page the audit reads: the checks that apply depend on it (a checkout is judged on
 * guest checkout, an article is not asked for a price). Decided from the path (never the query
 * string), schema.org markup and the page's structure.
 */
import { classifiablePart } from '../site-type';
import { attr, descendantsOf, longPosts, metaContent, schemaTypes, type Page } from './page';
import { POST_DATE } from './post-date';
import type { Signals } from './signals';
import { BUY_BUTTON, SOCIAL_HOST, wordsPattern } from './words';
import { linksHomeElsewhere, linksHomeToItself } from './site-home';
import { hostOf, resolveRef } from './url';

export type PageType = 'home' | 'product' | 'category' | 'pricing' | 'contact' | 'article' | 'checkout' | 'landing';

export const PAGE_TYPE_LABELS: Record<PageType, string> = {
  home: 'Home page',
  product: 'Product page',
  category: 'Product listing',
  pricing: 'Pricing page',
  contact: 'Contact page',
  article: 'Article',
  checkout: 'Checkout',
  landing: 'Landing page',
};

const ADD_TO_CART = wordsPattern(['add to cart', 'add to bag', 'add to basket', 'buy now']);
const BUY_NOW = wordsPattern(['buy now']);
const ARTICLE_TYPES = ['article', 'blogposting', 'newsarticle', 'techarticle', 'report', 'scholarlyarticle'];
/**
 * The site's front page: /, /index.html, /en/, the index of the folder a template ships its pages in
 * (/pages/index.html), or one of a template's numbered front pages (home1.html, index-2.html).
 */
const HOME_PATH =
  /^\/((index|home)(\.html?|\.php)?|(index|home|homepage)[-_]?\d{1,2}\.html?|[a-z]{2}(-[a-z]{2})?\/?|(pages|html|dist|public|www|site)\/index\.html?)?$/;
export const DOCS_GENERATOR =
  /docusaurus|mkdocs|sphinx|gitbook|vitepress|starlight|read the docs|docsify|nextra|mintlify|hugo-book|jekyll-docs/i;

/**
 * A title that names the page the site's home page in one of its parts ("Home | Harbour Yoga",
 * "Homepage-01 | Shopery"): a site calls its front page so wherever the file is kept. A part
 * naming something else ("Care Home", "Home Decor") is no such name.
 */
const HOME_TITLE_PART = /^home( ?page)?([ -]?\d+)?$/i;
function titledHome(page: Page): boolean {
  const title = page.elements.find((e) => e.tag === 'title')?.text ?? '';
  return title.split(/\s+[|•·:–—-]+\s+|\s*[|•·]\s*/).some((part) => HOME_TITLE_PART.test(part.trim()));
}

/** The path of url, without query string or fragment. */
export function pathOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(classifiablePart(url));
  return m?.[1] ?? '/';
}

/** A template's file for one post: post.html, blog-single.html, single-post.html, news-details.html. */
const SINGLE_POST_FILE =
  /\/((blog|news|post|article)[-_](single|post|details?|article)|single[-_](post|blog|article|news)|post|article|blog[-_]?post)\.html?$/;

/** A template's file for one product: product-details.html, productDetails.html, shop-single.html, single-product.html. */
const SINGLE_PRODUCT_FILE = /\/((product|shop|item)[-_]?(details?|single)|single[-_]?product)(\.html?|\.php|\/|$)/i;
/** The index of a blog, a news section or a resource hub (blog.html, /news/, /resources/): a listing of posts. */
const POST_INDEX = /\/(blog|news|articles|posts|stories|updates|press|resources)(\.html?|\.php|\/)?$/i;
/** A template's file for a listing: list.html, shop-grid.html, product-list.html, ad-list.html, listing.html. */
const LISTING_FILE = /\/([a-z0-9]+[-_])*(list|listing|listings|grid)\.html?$/i;
/** A checkout or a cart: /checkout, /cart/, or a template's checkout.html, cart.php. */
const CHECKOUT_PATH = /\/(checkout|cart|basket|bag)(\/|\.html?$|\.php$|$)/;
/** A field for how many to buy: "Quantity", "Qty", quantityInput. */
const QUANTITY_FIELD = /quantity|qty/i;

/**
 * One product's buy box: a single quantity field in a form of a few fields (size, colour) with its
 * button, whatever the button says ("Add"). It makes a product page even when related products
 * with their own buttons follow. A cart or a listing with quantities has one per line, and a listing's
 * quick-view dialog is not the page's own product.
 */
function quantityForm(s: Signals): boolean {
  const quantities = s.forms.flatMap((f) => f.fields.filter((x) => QUANTITY_FIELD.test(`${x.name} ${x.label} ${x.placeholder}`)));
  if (quantities.length !== 1) return false;
  const form = s.forms.find((f) => f.fields.includes(quantities[0]!))!;
  // A quote request asks for a quantity too, beside an email or a message: that is a lead form.
  const asksToReach = form.fields.some((x) => ['email', 'tel', 'textarea'].includes(x.type));
  return form.fields.length <= 4 && form.submits.length >= 1 && !asksToReach && !/modal|quick-?view|popup|dialog/i.test(form.selector);
}

/** A heading that names the shop's products as a whole, not one product. */
const LISTING_H1 = /^(our |all |shop |browse (our |all )?)?(products|collection|catalog(ue)?|shop|store)$|^shop all\b/i;
/** A site's about page: about.html, aboutUs.html, /about-us/, /our-story. */
const ABOUT_PAGE = /\/(about([-_]?us)?|our[-_]?story|who[-_]?we[-_]?are)(\.html?|\.php|\/)?$/i;
/** A documentation file at the top of a site (documentation.html, /docs). */
const DOCS_FILE = /\/(docs|documentation)(\.html?|\/)?$/i;

/** Words that say a date is when the page was written: "Posted on", "Published", "Last update". */
const PUBLISHED = /\b(posted|published|updated?|written)\b/i;

/**
 * One post: its date beside the page's h1 (within a line or two of text either side, or a <time
 * datetime> there) over a body of paragraphs. A listing dates each of its posts, so a page with
 * more than three dates between its title and its last paragraph is not one post (one post may
 * show a comment's date or two).
 */
function datedPost(page: Page): boolean {
  const i = page.elements.findIndex((e) => e.tag === 'h1' && e.text);
  if (i < 0) return false;
  const title = page.elements[i]!;
  const near = page.text.slice(Math.max(0, title.textOffset - 200), title.textOffset + title.text.length + 200);
  const time = page.elements.some((e, j) => e.tag === 'time' && Math.abs(j - i) <= 6 && /^\d{4}-\d\d-\d\d/.test(attr(e, 'datetime')));
  if (!POST_DATE.test(near) && !time) return false;
  // Short paragraphs make a post only beside a date it calls its publication ("Last update: Jan 2,
  // 2023"): an event's page dates its event beside its title too.
  const published = PUBLISHED.test(near);
  const body = page.elements.filter((e) => e.tag === 'p' && e.words >= (published ? 20 : 40));
  if (body.length < 2) return false;
  // Only the dates from the title to the body's last paragraph: a sidebar or "more stories" after
  // the post dates other posts, while a listing's dates stand between its excerpts.
  const last = body[body.length - 1]!;
  const span = page.text.slice(Math.max(0, title.textOffset - 200), last.textOffset + last.text.length);
  return (span.match(new RegExp(POST_DATE.source, 'gi')) ?? []).length <= 3;
}

/** What a message form asks: who writes (name, email, phone), about what, and the message. */
const MESSAGE_FIELD_TYPES = new Set(['text', 'email', 'tel', 'textarea', 'checkbox', '']);

/**
 * A page that is its message form: a short page (a contact page says little besides) whose form
 * asks only who writes and what they say, and opens in the first half of the page's text. A one-page
 * site's contact section at the end, a booking or a donation form (dates, amounts, choices) are not.
 */
function messagePage(page: Page, s: Signals): boolean {
  if (page.wordCount > 250) return false;
  const form = s.forms.find(
    (f) =>
      f.fields.some((x) => x.type === 'textarea') &&
      f.fields.some((x) => x.type === 'email' || x.type === 'tel' || /e-?mail|phone/i.test(`${x.name} ${x.label} ${x.placeholder}`)) &&
      f.fields.length <= 7 &&
      f.fields.every((x) => MESSAGE_FIELD_TYPES.has(x.type)),
  );
  // Where the form opens: the <form> around the first message box, or the box itself.
  const box = page.elements.findIndex((e) => e.tag === 'textarea');
  if (!form || box < 0) return false;
  // (No findLast: the hooks' JavaScript engine runs ES2017.)
  const inForm = page.elements[box]!.ancestors.includes('form');
  const opens = inForm
    ? page.elements
        .slice(0, box)
        .reverse()
        .find((e) => e.tag === 'form')
    : undefined;
  return (opens ?? page.elements[box]!).textOffset <= 0.5 * page.text.length;
}

/**
 * A campaign's landing page: one goal and no way elsewhere. It asks for an email in a form of its
 * own (a sign-up, not a message: no message box) and offers no site menu (at most one link in a
 * header or nav: the logo).
 */
function oneGoalPage(page: Page, s: Signals): boolean {
  const menu = s.structure.controls.filter((c) => (c.region === 'header' || c.region === 'nav') && c.tag === 'a').length;
  const emailForm = s.forms.some(
    (f) =>
      !f.search &&
      f.fields.some((x) => x.type === 'email' || /e-?mail/i.test(`${x.name} ${x.label} ${x.placeholder}`)) &&
      !f.fields.some((x) => x.type === 'textarea'),
  );
  return menu <= 1 && emailForm;
}

/**
 * A manual's page: code samples (<pre>) read beside a menu of the page's own sections (a sidebar
 * or nav of in-page links), or so many samples that the page is a reference.
 */
function manualPage(page: Page, s: Signals): boolean {
  const samples = page.elements.filter((e) => e.tag === 'pre').length;
  const sectionMenu = s.structure.controls.filter((c) => (c.region === 'nav' || c.region === 'aside') && /^#./.test(c.href ?? '')).length;
  return (samples >= 3 && sectionMenu >= 8) || samples >= 10;
}

/**
 * A one-page site: the page's menu (its header and nav links) stays on the page, leading to its own
 * sections or to placeholders ('#'), with at most one link to another page (a social profile is no
 * page of the site), and no link home leads elsewhere: the page is the whole site, its front page.
 * An inner page's menu leads to the site's other pages, and its logo to the home page.
 */
function onePageSite(page: Page, s: Signals): boolean {
  const menu = s.structure.controls.filter((c) => (c.region === 'header' || c.region === 'nav') && c.tag === 'a');
  const onPage = menu.filter((c) => (c.href ?? '').trim().startsWith('#')).length;
  const elsewhere = menu.filter((c) => {
    const href = (c.href ?? '').trim();
    const to = resolveRef(page.url, href);
    return !href.startsWith('#') && to !== null && /^https?:/i.test(to) && !SOCIAL_HOST.test(to);
  }).length;
  return onPage >= 3 && elsewhere <= 1 && !linksHomeElsewhere(page);
}

/**
 * A page to read, not to act on: paragraphs of prose with no form, no button in its main content
 * and no price (a policy, a notice, a manual's chapter, an information page). A landing page asks
 * the visitor to do something; a listing of posts dates each of them.
 */
function readingPage(page: Page, s: Signals): boolean {
  const prose = page.elements.filter((e) => e.tag === 'p' && e.words >= 20).length;
  const forms = s.forms.filter((f) => !f.search).length;
  const buttons = s.structure.controls.filter((c) => c.styled && c.region === 'main').length;
  const dates = (page.text.match(new RegExp(POST_DATE.source, 'gi')) ?? []).length;
  return prose >= 2 && forms === 0 && buttons === 0 && s.structure.prices.length === 0 && dates <= 3;
}

/** The rule of a page nothing decided: reported as a landing page, though it may be any inner page. */
export const UNDECIDED_PAGE_RULE = 'nothing more specific';

export function detectPageType(page: Page, s: Signals): PageType {
  return decidePageType(page, s).type;
}

/** The page's type and the rule that gave it (named so that errors can be counted by rule). */
export function decidePageType(page: Page, s: Signals): { type: PageType; rule: string } {
  const path = pathOf(page.url);
  const types = schemaTypes(page);
  const h1 = page.elements.find((e) => e.tag === 'h1' && e.text)?.text ?? '';
  const cardFields = s.forms.some((f) => f.fields.some((x) => /cc-number|card.?number|cc-?num/i.test(`${x.autocomplete} ${x.name}`)));
  if (CHECKOUT_PATH.test(path)) return { type: 'checkout', rule: 'checkout path' };
  if (cardFields) return { type: 'checkout', rule: 'card fields' };
  // A product's own buttons: the header's cart icon (often named "Add to cart" too) is the cart.
  const addToCart = s.structure.controls.filter((c) => c.region !== 'header' && c.region !== 'nav' && ADD_TO_CART.test(c.text)).length;
  const productMarkup = types.has('product') || (metaContent(page, 'og:type') ?? '').toLowerCase() === 'product';
  const buyButtons = s.structure.controls.filter((c) => BUY_BUTTON.test(c.text.trim())).length;
  // Four or more products with their own buttons make a listing, even under a /product/ path.
  const manyProducts = Math.max(addToCart, buyButtons) >= 4;
  // A page headed as the shop's products ("Our products", "Shop all") that shows several prices lists them.
  if (LISTING_H1.test(h1.trim()) && s.structure.prices.filter((p) => !p.struck).length >= 2)
    return { type: 'category', rule: 'listing heading over prices' };
  if (productMarkup && addToCart <= 2) return { type: 'product', rule: 'product markup' };
  if ((/\/(products?|p|item)\/[^/]+/.test(path) || SINGLE_PRODUCT_FILE.test(path)) && !manyProducts)
    return { type: 'product', rule: 'product path' };
  // One product's buy box often offers both "Add to cart" and "Buy now": one of each is still one product.
  const buyNow = s.structure.controls.filter((c) => c.region !== 'header' && c.region !== 'nav' && BUY_NOW.test(c.text)).length;
  if (addToCart === 1 || (addToCart === 2 && buyNow === 1)) return { type: 'product', rule: 'one add-to-cart' };
  if (quantityForm(s)) return { type: 'product', rule: 'quantity form' };
  // A listing: a shop's collection or category, or a page selling many products side by side.
  const homePath = HOME_PATH.test(path) || titledHome(page);
  if (
    /\/(collections?|categor(y|ies)|product-category|shop|catalog|c|products|productos|produits|produkte|prodotti|tienda)(\/|$|\.html?$)/.test(
      path,
    )
  )
    return { type: 'category', rule: 'listing path' };
  if (LISTING_FILE.test(path)) return { type: 'category', rule: 'listing file' };
  if (manyProducts && !homePath) return { type: 'category', rule: 'many products' };
  if (POST_INDEX.test(path)) return { type: 'category', rule: 'post index path' };
  if (/\/(pricing|plans|prices|price)(\/|$|\.)/.test(path)) return { type: 'pricing', rule: 'pricing path' };
  if (/\b(pricing|plans and pricing|choose (a|your) plan)\b/i.test(h1)) return { type: 'pricing', rule: 'pricing heading' };
  const messageForm = s.forms.some((f) => f.fields.some((x) => x.type === 'textarea'));
  if (/\/(contact|kontakt|contacto|contato|contatti|get-in-touch)([-_]?(us|me))?(\/|$|\.)/.test(path))
    return { type: 'contact', rule: 'contact path' };
  if (/\b(contact|get in touch)\b/i.test(h1) && messageForm) return { type: 'contact', rule: 'contact heading over a form' };
  if (!homePath && messagePage(page, s)) return { type: 'contact', rule: 'message form as the page' };
  // An about page introduces the business: however long its story, it is judged as a landing page.
  if (ABOUT_PAGE.test(path) && !ARTICLE_TYPES.some((t) => types.has(t))) return { type: 'landing', rule: 'about path' };
  if (ARTICLE_TYPES.some((t) => types.has(t))) return { type: 'article', rule: 'article markup' };
  if ((metaContent(page, 'og:type') ?? '').toLowerCase() === 'article') return { type: 'article', rule: 'og:type article' };
  if (DOCS_GENERATOR.test(metaContent(page, 'generator') ?? '')) return { type: 'article', rule: 'docs generator' };
  if (/\/(blog|news|articles?|posts?|docs|documentation|guides?|reference|kb|knowledge-base)\/.+/.test(path))
    return { type: 'article', rule: 'post or docs path' };
  if (SINGLE_POST_FILE.test(path)) return { type: 'article', rule: 'post file' };
  if (DOCS_FILE.test(path)) return { type: 'article', rule: 'docs file' };
  if (datedPost(page)) return { type: 'article', rule: 'dated post' };
  // A long <article> is the page's subject when it holds the page's title; on the site's front
  // page, one beside the title is a section of the home page (a manual's chapter, an FAQ).
  const posts = longPosts(page);
  const titled = posts.some((e) => descendantsOf(page, page.elements.indexOf(e)).some((x) => x.tag === 'h1'));
  if (titled || (posts.length > 0 && !homePath)) return { type: 'article', rule: 'long post' };
  if (homePath) return { type: 'home', rule: HOME_PATH.test(path) ? 'home path' : 'home title' };
  if (linksHomeToItself(page)) return { type: 'home', rule: 'home link to itself' };
  if (manualPage(page, s)) return { type: 'article', rule: 'code samples beside a section menu' };
  if (oneGoalPage(page, s)) return { type: 'landing', rule: 'one goal without a menu' };
  if (onePageSite(page, s)) return { type: 'home', rule: 'menu within the page' };
  if (readingPage(page, s)) return { type: 'article', rule: 'prose with nothing to do' };
  return { type: 'landing', rule: UNDECIDED_PAGE_RULE };
}

/**
 * Links to the site's own pricing, demo or sign-up pages: the page belongs to something that sells.
 * Only the path of a link within the same site counts (its app. or www. subdomains included): a
 * link to demo.other.org or to another site's /pricing says nothing about this one.
 */
export function commercialLinks(page: Page, pages = /\/(pricing|plans|demo|signup|sign-up|trial|contact-sales)\b/i): number {
  return page.elements.filter((e) => {
    if (e.tag !== 'a') return false;
    const target = sameSitePath(attr(e, 'href'), page.url);
    return target !== null && pages.test(target);
  }).length;
}

/** The path an href leads to within the page's own site, or null for another site or a non-web link. */
function sameSitePath(href: string, base: string): string | null {
  const to = resolveRef(base, href);
  return to && siteOf(hostOf(to)) === siteOf(hostOf(base)) ? pathOf(to) : null;
}

/** The registrable part of a host, roughly: example.com, example.co.uk. */
function siteOf(host: string): string {
  const labels = host.split('.');
  const n = labels.length;
  const keep = n >= 3 && /^[a-z]{2}$/.test(labels[n - 1]!) && labels[n - 2]!.length <= 3 ? 3 : 2;
  return labels.slice(-keep).join('.');
}
