/**
 * Serves the tracker fixture shop (tests/fixtures/site) on its own loopback origin. Pages are
 * rendered into _layout.html with the real snippet (the loader Speed & Tracking hands out) pointing
 * at the product server; the site key
 * comes from `?cro_key=` on the first visit and is kept in a cookie for the rest of the visit.
 * Pretty paths: /product -> product.html; /product/reviews is the product page's SPA route.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { trackingSnippet } from '../../src/lib/tracking-snippet';
import { closeServer } from './close-server';

const DIR = resolve(import.meta.dirname, '../fixtures/site');
const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/product': 'product.html',
  '/product/reviews': 'product.html',
  '/cart': 'cart.html',
  '/checkout': 'checkout.html',
  '/thank-you': 'thank-you.html',
  '/landing': 'landing.html',
  '/join': 'join.html',
  // A GA4 shop's product page pushing ecommerce events to its dataLayer (the ecommerce e2e).
  '/ecommerce': 'ecommerce.html',
  // A dead button (frustration signals' e2e) and a form (form analytics' e2e).
  '/promo': 'promo.html',
  '/contact': 'contact.html',
  // The fixture SPA (History API routes, late and re-rendered checkout): the visual editor's e2e.
  '/spa': 'spa.html',
  '/spa/checkout': 'spa.html',
};

export interface TrackerFixtureSite {
  origin: string;
  /** ip:port, for the guarded fetcher's test allow-list. */
  hostPort: string;
  stop(): Promise<void>;
}

export function renderPage(file: string, croOrigin: string, key: string): string {
  const page = readFileSync(resolve(DIR, file), 'utf8');
  const title = /<!-- title: (.*?) -->/.exec(page)?.[1] ?? 'Shop';
  return readFileSync(resolve(DIR, '_layout.html'), 'utf8')
    .replace('{{title}}', title)
    .replace('{{SNIPPET}}', () => trackingSnippet(croOrigin, key))
    .replace('{{body}}', page);
}

export async function startTrackerFixtureSite(croOrigin: string): Promise<TrackerFixtureSite> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const file = PAGES[url.pathname.replace(/\/$/, '') || '/'];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const fromQuery = url.searchParams.get('cro_key');
    const fromCookie = /(?:^|;\s*)cro_key=([a-z0-9]+)/.exec(req.headers.cookie ?? '')?.[1];
    const key = fromQuery ?? fromCookie ?? '';
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    if (fromQuery) headers['set-cookie'] = `cro_key=${encodeURIComponent(fromQuery)}; Path=/; SameSite=Lax`;
    res.writeHead(200, headers).end(renderPage(file, croOrigin, key));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    stop: () => closeServer(server),
  };
}
