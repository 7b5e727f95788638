// The public pages of a build: those its sitemap lists (so pages added by any work are included
// automatically) and those deliberately kept out of it (noindex). Used by the Lighthouse script
// and the e2e crawls (axe, 360 px).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Paths of the sitemap's pages, without a trailing slash ('/' for the home page). */
export function sitemapPaths(dist) {
  const files = readdirSync(dist).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const urls = files.flatMap((f) => [...readFileSync(join(dist, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  return urls.map((u) => new URL(u).pathname.replace(/\/$/, '') || '/');
}

/** Public but noindex: sign-in, payment results, the contact form's confirmation. */
export const UNLISTED_PUBLIC_PATHS = ['/auth', '/payment-success', '/payment-cancel', '/contact/sent'];
