/**
 * An inner page's site is typed from the site's home page too: an about, contact or newsletter
 * page of a shop or a blog shows little of what the site is, while its home page does. The public
 * scan reads the home page (a small budget, the same guarded fetcher; nothing fails when it cannot
 * be read) and the page and its home are judged together, as the signed-in scan judges its pages
 * (site-type.ts decideSiteType pools them). The page keeps its own page type and checks.
 */
import { attr, type Page } from './page';
import { hostOf, resolveRef } from './url';

/** A file name a server answers for its directory: '/index.html' is the root. */
const INDEX_FILE = /\/(index|default|home)\.(html?|php|aspx?)$/i;
/** A link that says it leads home: its text, or a logo or brand link (a site's name at the top). */
const HOME_TEXT = /^(home|home ?page|start|inicio|início|accueil|startseite|strona główna|home page)$/i;
const LOGO_NAME = /(^|[\s_-])(logo|brand|navbar-brand|site-title|site-name)([\s_-]|$)/i;

/** The URL's scheme, host and path, without query or fragment, the path's index file read as its directory. */
function place(url: string): string {
  return (url.split(/[?#]/)[0] ?? '').replace(INDEX_FILE, '/');
}

const originOf = (url: string): string => /^https?:\/\/[^/?#]+/i.exec(url)?.[0]?.toLowerCase() ?? '';

/** Whether the page is the site's home page itself (its root). */
export function isSiteRoot(url: string): boolean {
  const p = place(url);
  return p.slice(originOf(p).length) === '/' || p.slice(originOf(p).length) === '';
}

/** The page's links that say they lead home (named Home, or the logo or brand link), resolved. */
function homeLinks(page: Page): { href: string; url: string }[] {
  return page.elements
    .filter((el) => el.tag === 'a' && (HOME_TEXT.test(el.text.trim()) || LOGO_NAME.test(`${attr(el, 'class')} ${attr(el, 'id')}`)))
    .map((el) => ({ href: attr(el, 'href').trim(), url: resolveRef(page.url, attr(el, 'href')) ?? '' }))
    .filter((l) => l.url !== '');
}

/**
 * Whether the page's own link home names the page itself (its file or folder, or its own #home
 * section): a site's front page kept under a folder or another file name (/main/, home1.html) says
 * so, as an inner page's logo leads elsewhere. A placeholder '#' or empty href says nothing.
 */
export function linksHomeToItself(page: Page): boolean {
  return homeLinks(page).some(
    (l) => (/^#home$/i.test(l.href) || (l.href !== '' && !l.href.startsWith('#'))) && place(l.url) === place(page.url),
  );
}

/**
 * The page's own link home, on its own host and not to itself: a link named Home, or the logo or
 * brand link at the top. null when it has none.
 */
function ownHomeLink(page: Page): string | null {
  const link = homeLinks(page).find((l) => hostOf(l.url) === hostOf(page.url) && place(l.url) !== place(page.url));
  return link ? link.url.split('#')[0]! : null;
}

/** Whether the page's own link home leads to another page of its site: the page is an inner page. */
export function linksHomeElsewhere(page: Page): boolean {
  return ownHomeLink(page) !== null;
}

/**
 * The home pages to read for the page's site, in order (the next one only when the one before
 * could not be read): the site's root, then the page's own home link when it leads elsewhere (a
 * site under a path, such as a project page). None when the page is the root.
 */
export function homeUrlsOf(page: Page): string[] {
  if (isSiteRoot(page.url) || !originOf(page.url)) return [];
  const root = `${originOf(page.url)}/`;
  const own = ownHomeLink(page);
  return own && place(own) !== place(root) && place(own) !== place(page.url) ? [root, own] : [root];
}

/**
 * Whether a fetched home page may type the page's site: on the page's own host (a redirect to
 * another site is another site) and not the page itself.
 */
export function homeOfSameSite(pageUrl: string, homeUrl: string): boolean {
  return hostOf(homeUrl) === hostOf(pageUrl) && place(homeUrl) !== place(pageUrl);
}

/** One home page read: the parsed page, or why not (the guarded fetcher's failure code). */
export type HomeFetch = (url: string) => { ok: true; page: Page } | { ok: false; code: string };

/**
 * The site's home page for an inner page, read by `fetch` (the server's guarded fetcher, or the
 * corpus bench's files): the root, then the page's own home link when the root answers no HTML
 * page (a 404, a file); a slow or refused site is not asked again. undefined when none was read or
 * it is no page of this site: a home that cannot be read types nothing and fails nothing.
 */
export function readHome(page: Page, fetch: HomeFetch): Page | undefined {
  for (const url of homeUrlsOf(page)) {
    const got = fetch(url);
    if (got.ok) return homeOfSameSite(page.url, got.page.url) ? got.page : undefined;
    if (got.code !== 'http_status' && got.code !== 'not_html') return undefined;
  }
  return undefined;
}
