/**
 * Site-type signs read from a page's layout, the parts a kind of site builds whatever its words: a
 * publication's feed, archive sidebar, comments and post pagination; a manual's version label and
 * "On this page" index; a fundraiser's donation amounts and raised-of-goal bars; a shop's sale
 * prices; a venue's "Get directions" link; a software seller's monthly/yearly switch. Each is a sign
 * one kind of site shows and the others rarely do, so each weighs like the structural signs of
 * site-type.ts, and none decides alone below the type's threshold.
 */
import { attr, metaContent, type Page } from './page';
import type { Signals } from './signals';

export type LayoutSign = [type: 'ecommerce' | 'local' | 'content' | 'docs' | 'nonprofit' | 'b2b', name: string, points: number];

/** A blog's sidebar or footer: its archive by category, tag or month, and its recent posts. */
const ARCHIVE_HEADING = /^(categories|tags|tag cloud|archives?|recent posts|popular posts|latest posts|related posts|blog categories)$/i;
/** Moving between posts, or between pages of a listing of posts. */
const POST_PAGER = /^(older posts?|newer posts?|next post|previous post|older entries|newer entries)\b/i;
/** A comment section under a post. */
const COMMENTS_HEADING = /^(\d+\s+)?(comments?|responses?|leave a (comment|reply)|post a comment|join the discussion)$/i;
/** A documentation page's own index of its sections. */
const ON_THIS_PAGE = /^(on this page|in this article|contents|table of contents)$/i;
/** A release number in the header or navigation ("v2.4.1", "Version 3.x"). */
const VERSION = /^(v\d+(\.(\d+|x))+|version\s+\d+(\.(\d+|x))*|\d+\.\d+(\.\d+)?)$/i;
/** A fundraiser's progress: how much was raised of its goal. */
const RAISED_OF_GOAL = /\braised\b[^.]{0,60}\bgoal\b|\bgoal\b[^.]{0,60}\braised\b/i;
/** Preset donation amounts, or a field for the amount to give. */
const AMOUNT_FIELD = /\b(amount|donation|donate)\b/i;
/** A volunteer's way in. */
const VOLUNTEER = /^(become a volunteer|volunteer( now| with us| today)?|join as a volunteer)$/i;
/** Directions to the place: a venue's, a shop's or a practice's. */
const DIRECTIONS = /^(get directions|directions|find us on the map|view on (google )?maps?)$/i;
/**
 * A shop's customer service: where its orders ship, how they come back, what it sells as gifts, in
 * the languages of the shops the scan sees. A link's whole text, so a paragraph about delivery is none.
 */
const SHOP_SERVICE = new Map(
  (
    [
      ['shipping', /^(free )?(shipping|shipment|delivery)( (info|information|policy|rates|& returns|and returns))?$/i],
      ['returns', /^(returns?|refunds?|exchanges?)( (policy|& exchanges|and exchanges|& refunds))?$|^returns? & refunds?$/i],
      ['orders', /^(track (my |your )?order|order (tracking|status)|my orders)$/i],
      ['wishlist', /^(my )?(wishlist|wish list)$/i],
      ['sizes', /^size (guide|chart)$/i],
      ['gift cards', /^gift (cards?|vouchers?|certificates?)$/i],
      ['shipping', /^(envíos?|envío gratis|livraison|versand|spedizion[ei]|entregas?|frete)$/i],
      ['returns', /^(devoluciones|devoluções|trocas e devoluções|retours|rücksendungen?|rückgabe|resi|reembolsos?)$/i],
    ] as [string, RegExp][]
  ).map(([k, re]) => [re, k]),
);
/** A plan price switch between monthly and yearly billing. */
const BILLING_SWITCH = /\b(monthly|month)\b\s*(\/|\||or)?\s*\b(yearly|annually|annual|year)\b|\bbilled (annually|yearly|monthly)\b/i;

export function layoutSigns(page: Page, s: Signals): LayoutSign[] {
  const signs: LayoutSign[] = [];
  const heading = (re: RegExp): boolean => s.headings.some((h) => re.test(h.trim()));
  const control = (re: RegExp, where?: (region: string) => boolean): boolean =>
    s.structure.controls.some((c) => re.test(c.text.trim()) && (!where || where(c.region)));

  // A publication offers its posts as a feed, and dates them for machines.
  if (page.elements.some((el) => el.tag === 'link' && /alternate/i.test(attr(el, 'rel')) && /(rss|atom)\+xml/i.test(attr(el, 'type'))))
    signs.push(['content', 'feed link', 2]);
  if (metaContent(page, 'article:published_time')) signs.push(['content', 'publication date markup', 2]);
  // Two or more of a blog's widgets: a footer's lone "Recent posts" is any template's.
  const archive = new Set(s.headings.map((h) => h.trim().toLowerCase()).filter((h) => ARCHIVE_HEADING.test(h)));
  if (archive.size >= 2) signs.push(['content', 'archive sidebar', 2]);
  if (control(POST_PAGER)) signs.push(['content', 'post pagination', 2]);
  if (heading(COMMENTS_HEADING) || s.forms.some((f) => f.fields.some((x) => /\bcomment\b/i.test(`${x.name} ${x.label} ${x.placeholder}`))))
    signs.push(['content', 'comments', 2]);

  if (heading(ON_THIS_PAGE)) signs.push(['docs', "'On this page' index", 1]);
  if (control(VERSION, (r) => r === 'header' || r === 'nav' || r === 'aside')) signs.push(['docs', 'version in the navigation', 2]);
  if (s.structure.forms.some((f) => f.fields.some((x) => /search (the )?(docs|documentation)/i.test(`${x.placeholder} ${x.label}`))))
    signs.push(['docs', 'documentation search', 2]);

  if (RAISED_OF_GOAL.test(page.text)) signs.push(['nonprofit', 'raised of goal', 3]);
  // Preset amounts to give, or a field for the amount, in a form that also names a donation.
  const donationForm = s.forms.some(
    (f) =>
      f.fields.some((x) => AMOUNT_FIELD.test(`${x.name} ${x.label} ${x.placeholder}`)) &&
      [...f.submits, ...f.fields.map((x) => `${x.name} ${x.label}`)].some((t) => /\bdonat/i.test(t)),
  );
  if (donationForm) signs.push(['nonprofit', 'donation form', 3]);
  if (control(VOLUNTEER, (r) => r !== 'footer')) signs.push(['nonprofit', 'volunteer call', 2]);

  // Sale prices: an old price struck through beside the new one, on things bought once.
  const struck = s.structure.prices.filter((p) => p.struck).length;
  // Plans discounted for paying yearly strike their monthly price too: prices per period are plans.
  const perPeriod = (page.text.match(/[$€£]\s?\d[\d.,]*\s*(\/\s?|per\s|a\s)?(mo|month|monthly|year|yr|annually)\b/gi) ?? []).length;
  if (struck >= 2 && perPeriod < 2) signs.push(['ecommerce', 'sale prices', 2]);

  // Two kinds of a shop's customer service linked (shipping and returns, orders and a wishlist).
  const service = new Set(
    s.links.flatMap((a) => {
      const t = a.text.trim();
      return [...SHOP_SERVICE].flatMap(([re, kind]) => (re.test(t) ? [kind] : []));
    }),
  );
  if (service.size >= 2) signs.push(['ecommerce', 'shop service links', 2]);

  if (
    control(DIRECTIONS) ||
    s.links.some((a) => /^https?:\/\/(www\.)?google\.[a-z.]+\/maps\/dir|^https?:\/\/maps\.app\.goo\.gl\//i.test(attr(a, 'href')))
  )
    signs.push(['local', 'directions', 2]);

  if (
    BILLING_SWITCH.test(s.structure.controls.map((c) => c.text).join(' | ')) ||
    s.forms.some((f) => f.fields.some((x) => /billing/i.test(x.name)))
  )
    signs.push(['b2b', 'monthly or yearly billing', 2]);
  return signs;
}
