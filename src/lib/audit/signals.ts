/** Facts several checks share, computed once per page from its structure. */
import { attr, EMPTY_STRUCTURE, linkIcons, type Page, type PageControl, type PageElement, type PageForm, type PageStructure } from './page';
import { ADD_TO_CART_ICON, CART_ICON, CTA_WORDS, SOCIAL_HOST, SOCIAL_ICON, UTILITY_LABEL } from './words';

const FIELD_TYPES = new Set(['', 'text', 'email', 'tel', 'password', 'number', 'url', 'search', 'date', 'select', 'textarea', 'radio']);

/** A North American number, or an international one written with its +country code. */
export const PHONE = /(\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}\b/;

export interface Signals {
  structure: PageStructure;
  /** Links and buttons that ask the visitor to act (not footer links, not page utilities). */
  ctas: PageControl[];
  links: PageElement[];
  /** What is drawn inside a link (icon classes, SVG and image names): names icon-only links. */
  linkIcon: Map<PageElement, string>;
  /** Links to social profiles, by host or by a network's icon (placeholders included). */
  socialLinks: PageElement[];
  /** Forms other than search boxes. */
  forms: PageForm[];
  /** All form fields, inside forms or not. */
  fields: PageElement[];
  images: PageElement[];
  labelFor: Set<string>;
  hasEmailField: boolean;
  phoneInText: boolean;
  /** Prices shown as current prices (compare-at prices not counted). */
  prices: number;
  /** Heading texts (h1-h4), in order. */
  headings: string[];
  /** Links and buttons outside the footer drawn as the cart (an icon, class or id that says so). */
  drawnCarts: PageElement[];
  /** Links and buttons drawn as adding to the cart (a cart-plus icon, an add-to-cart class). */
  drawnAddToCart: PageElement[];
}

export function controlText(el: PageElement): string {
  return (el.text || attr(el, 'value') || attr(el, 'aria-label') || attr(el, 'title')).trim();
}

export function fieldType(el: PageElement): string {
  if (el.tag === 'select' || el.tag === 'textarea') return el.tag;
  return attr(el, 'type').toLowerCase();
}

export function isField(el: PageElement): boolean {
  if (!['input', 'select', 'textarea'].includes(el.tag)) return false;
  return FIELD_TYPES.has(fieldType(el));
}

/** A heading over the brand's social profiles. */
const SOCIAL_HEADING =
  /^(social|social media|socials|follow|follow us|follow me|connect|connect with us|stay connected|find us on|find us online)$/i;

const SOCIAL_NAME = /\b(facebook|twitter|instagram|linkedin|youtube|pinterest|tiktok|github|dribbble|behance)\b/i;
/** A link whose whole text is a network's name is the brand's profile there, even before its address is filled in. */
const SOCIAL_NAME_ONLY =
  /^(facebook|twitter|x|instagram|linkedin|youtube|pinterest|tiktok|github|dribbble|behance|mastodon|threads|flickr|vimeo)$/i;

/** A link to a file to download (an archive, an installer, a package): wherever it is hosted, it asks to act. */
const DOWNLOAD_HREF = /\.(zip|tar\.gz|tgz|tar|dmg|exe|msi|pkg|deb|rpm|apk|appimage)([?#]|$)|\/releases\/download\//i;

/** A file, not a profile: a download (a repository's archive on GitHub) says nothing of where the brand is followed. */
const FILE_HREF = new RegExp(`${DOWNLOAD_HREF.source}|\\/(zipball|tarball)\\/`, 'i');

/** A label that opens by asking to download or install. */
const DOWNLOAD_TEXT = /^(download|install)\b/i;

/** A control is a call to action when it asks to act, or is a styled button in the page's body. */
export function isCta(c: PageControl): boolean {
  const text = c.text.trim();
  if (!text || c.hidden || c.region === 'footer' || UTILITY_LABEL.test(text) || text.length > 60) return false;
  if (c.tag === 'a' && DOWNLOAD_HREF.test(c.href ?? '')) return true;
  // "Download…" or "Install…" asks to act wherever the file is hosted (a repository's archive on GitHub).
  if (DOWNLOAD_TEXT.test(text) && !SOCIAL_NAME.test(text)) return true;
  // Following the brand elsewhere is not the page's action.
  if (SOCIAL_HOST.test(c.href ?? '') || (SOCIAL_NAME.test(text) && text.split(/\s+/).length <= 6)) return false;
  if (CTA_WORDS.test(text)) return true;
  return c.styled && (c.region === 'main' || c.region === 'header' || c.region === 'form');
}

export function computeSignals(page: Page): Signals {
  const structure = page.structure ?? EMPTY_STRUCTURE;
  const links: PageElement[] = [];
  const fields: PageElement[] = [];
  const images: PageElement[] = [];
  const headings: string[] = [];
  const labelFor = new Set<string>();
  // Icon-only links under a heading such as "Social" or "Follow us" are the brand's profiles, even
  // when what they draw has no name (an unnamed SVG).
  const underSocialHeading: PageElement[] = [];
  let socialSection = false;
  for (const el of page.elements) {
    if (/^h[1-6]$/.test(el.tag)) socialSection = SOCIAL_HEADING.test(el.text.trim());
    if (el.tag === 'a' && socialSection && !el.text.trim()) underSocialHeading.push(el);
    if (el.tag === 'a') links.push(el);
    if (el.tag === 'img') images.push(el);
    if (el.tag === 'label' && el.attrs.for) labelFor.add(el.attrs.for);
    if (isField(el)) fields.push(el);
    if (/^h[1-4]$/.test(el.tag) && el.text) headings.push(el.text);
  }
  const forms = structure.forms.filter((f) => !f.search && f.fields.length > 0);
  const icons = linkIcons(page);
  const linkIcon = new Map<PageElement, string>();
  for (const [i, name] of icons) linkIcon.set(page.elements[i]!, name);
  // A cart drawn rather than written: the header's cart icon with a count, an "Add" button with a
  // cart-plus icon. Only links and buttons count (a cart icon in a services list is an illustration).
  const drawn = [...icons].map(([i, name]) => [page.elements[i]!, name] as const);
  const drawnAddToCart = drawn.filter(([, name]) => ADD_TO_CART_ICON.test(name)).map(([el]) => el);
  const drawnCarts = drawn
    .filter(([el, name]) => CART_ICON.test(name) && !ADD_TO_CART_ICON.test(name) && !el.ancestors.includes('footer'))
    .map(([el]) => el);
  return {
    structure,
    ctas: structure.controls.filter(isCta),
    links,
    linkIcon,
    socialLinks: links.filter(
      (a) =>
        (SOCIAL_HOST.test(attr(a, 'href')) && !FILE_HREF.test(attr(a, 'href'))) ||
        SOCIAL_ICON.test(linkIcon.get(a) ?? '') ||
        SOCIAL_NAME_ONLY.test(a.text.trim()) ||
        underSocialHeading.includes(a),
    ),
    forms,
    fields,
    images,
    labelFor,
    // A sign-up form asks for an email address and no message: a comment or contact form is not one.
    hasEmailField: forms.some(
      (f) =>
        !f.fields.some((x) => x.type === 'textarea') &&
        f.fields.some((x) => x.type === 'email' || /e-?mail/i.test(`${x.name} ${x.label} ${x.placeholder}`)),
    ),
    phoneInText: PHONE.test(page.text),
    prices: structure.prices.filter((p) => !p.struck).length,
    headings,
    drawnCarts,
    drawnAddToCart,
  };
}

/** Links whose href or text match. */
export function linksMatching(signals: Signals, pattern: RegExp): PageElement[] {
  return signals.links.filter((a) => pattern.test(attr(a, 'href')) || pattern.test(a.text));
}

/** The menu's words: the text of each link and button in the page's header and navigation. */
export function menuTexts(signals: Pick<Signals, 'structure'>): string[] {
  return signals.structure.controls.filter((c) => c.region === 'nav' || c.region === 'header').map((c) => c.text);
}

/** Links that go somewhere: not '#', '#!' or javascript: placeholders. */
export function realLinksMatching(signals: Signals, pattern: RegExp): PageElement[] {
  return linksMatching(signals, pattern).filter((a) => !/^\s*(#!?\s*$|javascript:)/i.test(attr(a, 'href')));
}
