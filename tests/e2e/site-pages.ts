// The public pages of the build the e2e server serves (see scripts/public-pages.mjs).
import { resolve } from 'node:path';
import { sitemapPaths as pathsIn, UNLISTED_PUBLIC_PATHS } from '../../scripts/public-pages.mjs';

const DIST = resolve(import.meta.dirname, '../../dist');

export const sitemapPaths = (): string[] => pathsIn(DIST);
export { UNLISTED_PUBLIC_PATHS };
