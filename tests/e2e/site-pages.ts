// The public pages, as the built sitemap lists them (so pages added by any work are included
// automatically), and the public pages deliberately kept out of it.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const DIST = resolve(import.meta.dirname, '../../dist');

export function sitemapPaths(): string[] {
  const files = readdirSync(DIST).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const urls = files.flatMap((f) => [...readFileSync(resolve(DIST, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
  return urls.map((u) => new URL(u).pathname.replace(/\/$/, '') || '/');
}

export const UNLISTED_PUBLIC_PATHS = ['/auth', '/payment-success', '/payment-cancel', '/contact/sent'];
