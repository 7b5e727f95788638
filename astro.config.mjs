// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

// Pages that must never be indexed (private app, sign-in, payment and form results).
const NOT_INDEXED = ['/dashboard', '/auth', '/payment-success', '/payment-cancel', '/contact/sent'];

// Canonical, sitemap and Open Graph URLs are built from SITE_URL: unset, they name the local
// server, which a production build must never publish.
const SITE_URL = process.env.SITE_URL || 'http://127.0.0.1:8090';
if (!process.env.SITE_URL && process.argv.includes('build')) {
  console.warn(`\n[upliftly] SITE_URL is not set: canonical, sitemap and Open Graph URLs will use ${SITE_URL}. Set it for production.\n`);
}

export default defineConfig({
  site: SITE_URL,
  trailingSlash: 'never',
  build: { format: 'directory' },
  integrations: [
    react(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, '') || '/';
        return !NOT_INDEXED.some((p) => path === p || path.startsWith(p + '/'));
      },
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    server: { proxy: { '/api': 'http://127.0.0.1:8090', '/_/': 'http://127.0.0.1:8090', '/t/': 'http://127.0.0.1:8090' } },
  },
});
