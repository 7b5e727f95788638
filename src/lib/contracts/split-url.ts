/**
 * Split-URL (redirect) tests: where a variant sends a visitor from the original page. The tracker
 * (targeting build, src/tracker/split.ts) and the edge (pocketbase/edge/redirect.go, with the Go
 * twin analytics.SplitTarget) compute the same address, pinned by
 * tests/fixtures/contracts/split-urls.json.
 *
 * A variant's URL is a path (`/landing-b`) or an absolute http(s) URL on the site's own host,
 * without query or fragment. Its `*` wildcards take, in order, what the original's URL pattern's
 * `*` matched (the pattern is matched on the address without its query): original `/shop/*`,
 * variant `/new-shop/*` maps `/shop/shoes` to `/new-shop/shoes`. The visitor's query string and
 * fragment are kept. A path variant stays on the page's own origin.
 */
import { urlPatternMatches } from './url-pattern';

const ORIGIN = /^https?:\/\/[^/?#]*/i;

/** What each `*` of the pattern matched in the address (no query, no fragment), or null. */
function captures(pattern: string, base: string): string[] | null {
  const p = pattern.trim().replace(ORIGIN, (o) => o.toLowerCase());
  const s = ORIGIN.test(p) ? base.replace(ORIGIN, (o) => o.toLowerCase()) : base.replace(ORIGIN, '');
  const m = new RegExp(
    '^' +
      p
        .replace(/\/+$/, '')
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '([^]*)') +
      '/*$',
  ).exec(s);
  return m && m.slice(1);
}

/**
 * The address a visitor on `href` is sent to by a variant with URL `variant` of a test on the
 * pages of `original`, or '' when there is none: the page is not the original's, the variant has
 * no URL, or the address would be an original page again (never redirected twice: the server
 * refuses such variants, this keeps a loop impossible even for a record that bypassed it).
 */
export function splitTarget(original: string, variant: string, href: string): string {
  const cut = href.indexOf('#');
  const hash = cut >= 0 ? href.slice(cut) : '';
  const page = cut >= 0 ? href.slice(0, cut) : href;
  const q = page.indexOf('?');
  const base = q >= 0 ? page.slice(0, q) : page;
  const got = variant.trim() && original.trim() ? captures(original, base) : null;
  if (!got) return '';
  let i = 0;
  const to = variant.trim().replace(/\*/g, () => got[i++] || '');
  const out = (ORIGIN.test(to) ? '' : (ORIGIN.exec(base) || [''])[0]) + to + page.slice(base.length) + hash;
  return urlPatternMatches(original, out) ? '' : out;
}

/** Whether `href` is a landing page of the variant with URL `variant` (its query and fragment aside). */
export function onSplitLanding(variant: string, href: string): boolean {
  return !!variant.trim() && urlPatternMatches(variant, href.split('#')[0]!.split('?')[0]!);
}
