import { CONTROL_CHARACTERS } from './control-characters';

/**
 * Which pages a URL pattern covers: a rule's url_pattern (applied by the tracker) and a URL goal's
 * match (counted by the Go ingest, pocketbase/eventstore/urlpattern). Both implement exactly
 * these semantics, pinned by tests/fixtures/contracts/url-patterns.json:
 *
 * - Spaces around the pattern are ignored; an empty pattern covers every page.
 * - `*` matches any run of characters (none, and `/` included) anywhere in the pattern. Every
 *   other character is literal: `.`, `?`, `+`, `(`, `[`, `$` have no special meaning.
 * - A pattern starting with http:// or https:// is compared with the page's full URL (origin,
 *   path and query); any other pattern with the page's path alone, without the query. The
 *   fragment (#...) never counts. A full-URL pattern never matches when only a path is known.
 * - Scheme and host are compared without case, the path and the query with case.
 * - A trailing slash is optional: `/pricing` and `/pricing/` cover both pages, `/blog/*` covers
 *   `/blog/` and `/blog/post` but not `/blog`.
 *
 * `url` is the page's address: a full URL (the browser's location.href) or a path.
 */
export function urlPatternMatches(pattern: string, url: string): boolean {
  const p = lowerOrigin(pattern.trim());
  let s = url.split('#')[0]!;
  if (!p) return true;
  s = ORIGIN.test(p) ? lowerOrigin(s) : s.replace(ORIGIN, '').split('?')[0]!;
  return new RegExp(
    '^' +
      p
        .replace(/\/+$/, '')
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^]*') +
      '/*$',
  ).test(s);
}

export const MAX_URL_PATTERN = 500;

/**
 * Why a pattern cannot be stored, or '' when it can: patterns are paths ('/...'), wildcards ('*...')
 * or full http(s) URLs with a host, without spaces or control characters inside. Anything else
 * would silently match nothing, which an editor would only notice as a test without visitors.
 */
export function urlPatternProblem(pattern: string): string {
  const p = pattern.trim();
  if (!p) return '';
  if (p.length > MAX_URL_PATTERN) return `URL pattern is longer than ${MAX_URL_PATTERN} characters`;
  if (/\s/.test(p) || p.search(CONTROL_CHARACTERS) >= 0) return 'URL pattern may not contain spaces or control characters';
  if (/^https?:\/\//i.test(p)) return /^https?:\/\/[^/?#]+/i.test(p) ? '' : 'URL pattern needs a host after http(s)://';
  if (p.startsWith('/') || p.startsWith('*')) return '';
  return 'URL pattern must start with /, * or http(s)://';
}

/** Scheme and host of an http(s) URL. */
const ORIGIN = /^https?:\/\/[^/?#]*/i;

const lowerOrigin = (u: string) => u.replace(ORIGIN, (o) => o.toLowerCase());
