/**
 * Site-type signs read from a page's layout, the parts a kind of site builds whatever its words: a
 * publication's feed, archive sidebar, comments and post pagination; a manual's version label and
 * "On this page" index; a fundraiser's donation amounts and raised-of-goal bars; a shop's sale
 * prices; a venue's "Get directions" link; a software seller's monthly/yearly switch. Each is a
 * feature of the site-type model (site-type-model.ts), worth 1 when present: how much it counts,
 * and for which type, is learned (scripts/train-site-type.mjs). The few words are the default
 * strings of the platforms that build such pages (WordPress, Docusaurus, MkDocs, Google Maps), with
 * their translations into the languages the scan sees (Spanish, French, German, Italian, Portuguese).
 */
import { attr, descendantsOf, metaContent, type Page } from './page';
import type { Signals } from './signals';
import { SHOP_SERVICE } from './site-type-words';
import { WORD_END } from './words';

export type LayoutSign = [type: 'ecommerce' | 'local' | 'content' | 'docs' | 'nonprofit' | 'b2b', name: string, points: number];

/** A blog's sidebar: WordPress's default widgets (its archive by category, tag or month, recent posts and comments). */
const ARCHIVE_HEADING =
  /^(categories|tags|tag cloud|archives|recent posts|recent comments|categorías|categorias|catégories|kategorien|categorie|etiquetas|étiquettes|schlagwörter|archivos|archivo|archiv|archivio|arquivos|entradas recientes|comentarios recientes|articles récents|commentaires récents|neueste beiträge|neueste kommentare|articoli recenti|commenti recenti|posts recentes|comentários recentes)$/i;
/** WordPress's default links between posts, or between pages of a listing of posts. */
const POST_PAGER =
  /^(older posts|newer posts|next post|previous post|older entries|newer entries|entradas anteriores|entradas siguientes|entrada anterior|entrada siguiente|articles plus anciens|articles plus récents|article précédent|article suivant|ältere beiträge|neuere beiträge|vorheriger beitrag|nächster beitrag|articoli meno recenti|articoli più recenti|articolo precedente|articolo successivo|posts mais antigos|posts mais recentes|post anterior|próximo post)(?![\w\u00c0-\u024f])/i;
/** WordPress's comment section under a post. */
const COMMENTS_HEADING =
  /^(\d+\s+)?(comments?|responses?|leave a (comment|reply)|comentarios?|deja un comentario|commentaires?|laisser un commentaire|kommentare?|hinterlasse einen kommentar|commenti|commento|lascia un commento|comentários?|deixe um comentário)$/i;
/** A documentation page's own index of its sections: Docusaurus's, MkDocs's and Sphinx's default titles. */
const ON_THIS_PAGE =
  /^(on this page|table of contents|contents|en esta página|tabla de contenidos|sur cette page|table des matières|auf dieser seite|inhaltsverzeichnis|in questa pagina|indice|sommario|nesta página|índice)$/i;
/** A release number in the header or navigation ("v2.4.1", "Version 3.x"). */
const VERSION = /^(v\d+(\.(\d+|x))+|version\s+\d+(\.(\d+|x))*|\d+\.\d+(\.\d+)?)$/i;
/** A fundraiser's progress: how much was raised of its goal. */
const RAISED = '(raised|recaudados?|collectés?|gesammelt|raccolti|arrecadados?)';
const GOAL = '(goal|meta|objetivo|objectif|ziel|spendenziel|obiettivo)';
const RAISED_OF_GOAL = new RegExp(
  `\\b${RAISED}${WORD_END}[^.]{0,60}\\b${GOAL}${WORD_END}|\\b${GOAL}${WORD_END}[^.]{0,60}\\b${RAISED}${WORD_END}`,
  'i',
);
/** Preset donation amounts, or a field for the amount to give. */
const AMOUNT_FIELD =
  /\b(amount|donation|donate|monto|importe|donación|donar|montant|betrag|spendenbetrag|importo|donazione|doação|doar)(?![\w\u00c0-\u024f])/i;
/** A volunteer's way in: the verb itself, as a call. */
const VOLUNTEER =
  /^(become a volunteer|volunteer( now| with us)?|hazte voluntario|sé voluntario|devenez bénévole|devenir bénévole|ehrenamtlich helfen|freiwillige werden|diventa volontario|seja voluntário|seja um voluntário)$/i;
/** Directions to the place: Google Maps' own words for it. */
const DIRECTIONS =
  /^(get directions|directions|view on google maps|cómo llegar|como llegar|ver en google maps|itinéraire|voir sur google maps|anfahrt|route berechnen|wegbeschreibung|auf google maps ansehen|indicazioni stradali|come raggiungerci|visualizza su google maps|como chegar|ver no google maps)$/i;
/** A plan price switch between monthly and yearly billing. */
const BILLING_SWITCH =
  /\b(monthly|month|mensual|mensuel|monatlich|mensile|mensal)\b\s*(\/|\||or|o|ou|oder)?\s*\b(yearly|annually|annual|year|anual|annuel|jährlich|annuale)(?![\w\u00c0-\u024f])|\bbilled (annually|yearly|monthly)\b/i;

export function layoutSigns(page: Page, s: Signals): LayoutSign[] {
  const signs: LayoutSign[] = [];
  const heading = (re: RegExp): boolean => s.headings.some((h) => re.test(h.trim()));
  const control = (re: RegExp, where?: (region: string) => boolean): boolean =>
    s.structure.controls.some((c) => re.test(c.text.trim()) && (!where || where(c.region)));

  // A publication offers its posts as a feed, and dates them for machines.
  if (page.elements.some((el) => el.tag === 'link' && /alternate/i.test(attr(el, 'rel')) && /(rss|atom)\+xml/i.test(attr(el, 'type'))))
    signs.push(['content', 'feed link', 1]);
  if (metaContent(page, 'article:published_time')) signs.push(['content', 'publication date markup', 1]);
  // Two or more of a blog's widgets: a footer's lone "Recent posts" is any template's.
  const archive = new Set(s.headings.map((h) => h.trim().toLowerCase()).filter((h) => ARCHIVE_HEADING.test(h)));
  if (archive.size >= 2) signs.push(['content', 'archive sidebar', 1]);
  if (control(POST_PAGER)) signs.push(['content', 'post pagination', 1]);
  // A publication's front page or listing: its stories' titles are headings that link to them, and
  // read as sentences (five words or more; a shop's product names and a portfolio's project names are shorter).
  const headlines = page.elements.filter(
    (e, i) =>
      /^h[2-5]$/.test(e.tag) &&
      e.words >= 5 &&
      (e.ancestors.includes('a') || descendantsOf(page, i).some((d) => d.tag === 'a' && /^(?!#|javascript:)./i.test(attr(d, 'href')))),
  );
  if (new Set(headlines.map((e) => e.text)).size >= 5) signs.push(['content', 'headlines as links', 1]);
  if (heading(COMMENTS_HEADING) || s.forms.some((f) => f.fields.some((x) => /\bcomment\b/i.test(`${x.name} ${x.label} ${x.placeholder}`))))
    signs.push(['content', 'comments', 1]);

  if (heading(ON_THIS_PAGE)) signs.push(['docs', "'On this page' index", 1]);
  if (control(VERSION, (r) => r === 'header' || r === 'nav' || r === 'aside')) signs.push(['docs', 'version in the navigation', 1]);
  if (s.structure.forms.some((f) => f.fields.some((x) => /search (the )?(docs|documentation)/i.test(`${x.placeholder} ${x.label}`))))
    signs.push(['docs', 'documentation search', 1]);

  if (RAISED_OF_GOAL.test(page.text)) signs.push(['nonprofit', 'raised of goal', 1]);
  // Preset amounts to give, or a field for the amount, in a form that also names a donation.
  const donationForm = s.forms.some(
    (f) =>
      f.fields.some((x) => AMOUNT_FIELD.test(`${x.name} ${x.label} ${x.placeholder}`)) &&
      [...f.submits, ...f.fields.map((x) => `${x.name} ${x.label}`)].some((t) =>
        /\b(donat|donaci|donar\b|don(?!['\w])|spende(n|nbetrag)?\b|donazion|doa[çc])/i.test(t),
      ),
  );
  if (donationForm) signs.push(['nonprofit', 'donation form', 1]);
  if (control(VOLUNTEER, (r) => r !== 'footer')) signs.push(['nonprofit', 'volunteer call', 1]);

  // Sale prices: an old price struck through beside the new one, on things bought once.
  const struck = s.structure.prices.filter((p) => p.struck).length;
  // Plans discounted for paying yearly strike their monthly price too: prices per period are plans.
  const perPeriod = (page.text.match(/[$€£]\s?\d[\d.,]*\s*(\/\s?|per\s|a\s)?(mo|month|monthly|year|yr|annually)\b/gi) ?? []).length;
  if (struck >= 2 && perPeriod < 2) signs.push(['ecommerce', 'sale prices', 1]);

  // Two kinds of a shop's customer service linked (shipping and returns, orders and a wishlist).
  const service = new Set(
    s.links.flatMap((a) => {
      const t = a.text.trim();
      return [...SHOP_SERVICE].flatMap(([re, kind]) => (re.test(t) ? [kind] : []));
    }),
  );
  if (service.size >= 2) signs.push(['ecommerce', 'shop service links', 1]);

  if (
    control(DIRECTIONS) ||
    s.links.some((a) => /^https?:\/\/(www\.)?google\.[a-z.]+\/maps\/dir|^https?:\/\/maps\.app\.goo\.gl\//i.test(attr(a, 'href')))
  )
    signs.push(['local', 'directions', 1]);

  if (
    BILLING_SWITCH.test(s.structure.controls.map((c) => c.text).join(' | ')) ||
    s.forms.some((f) => f.fields.some((x) => /billing/i.test(x.name)))
  )
    signs.push(['b2b', 'monthly or yearly billing', 1]);
  return signs;
}
