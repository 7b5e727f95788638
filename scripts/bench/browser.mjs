// The stand of the tracker benchmarks in Chromium: a local host serving one page with the site's
// real snippet, the real server accepting events from that host, and visitor pages at 4x CPU.
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';
import { trackingSnippet } from '../../src/lib/tracking-snippet.ts';
import { startStreamedShop } from '../../tests/helpers/streamed-shop.mjs';
import { setup, siteFor, startServer } from './lib.mjs';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/**
 * Runs body({ server, site, origin, browser, visitorPage }) and tears everything down after it.
 * html(src) is the page the host serves for any path (src: the snippet's URL); prepare(server,
 * site) runs before the first load. visitorPage() opens a page in a fresh context that looks like
 * a real visitor's (no webdriver flag) with 4x CPU throttling; it returns { context, page, cdp }.
 */
export async function trackerStand(html, prepare, body) {
  setup();
  const host = createServer();
  await new Promise((r) => host.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${host.address().port}`;
  const server = await startServer({ CRO_COLLECT_ALLOWED_ORIGINS: origin });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const visitorPage = async () => {
    const context = await browser.newContext({ userAgent: UA });
    await context.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return { context, page, cdp };
  };
  try {
    const { site } = await siteFor(server);
    await prepare(server, site);
    const src = `${server.url}/t/${site.public_key}.js`;
    host.on('request', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html(src)));
    await body({ server, site, origin, browser, visitorPage });
  } finally {
    await browser.close();
    await server.stop();
    host.close();
  }
}

/**
 * Like trackerStand, with the streamed checkout of tests/helpers/streamed-shop.mjs as the host
 * (the current loader snippet, or ?snippet=sync for the old one; ?hang=1 for a hanging origin).
 * body({ server, site, shop, browser, visitorPage, url }) where url(query) is the checkout's URL.
 */
export async function streamedStand(prepare, body) {
  setup();
  const server = await startServer();
  const shop = await startStreamedShop(server.url, (kind, origin, key) =>
    kind === 'sync' ? `<script src="${origin}/t/${key}.js"></script>` : trackingSnippet(origin, key),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const visitorPage = async (rate = 4) => {
    const context = await browser.newContext({ userAgent: UA });
    await context.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return { context, page, cdp };
  };
  try {
    const { site } = await siteFor(server);
    await prepare(server, site);
    const url = (query) => `${shop.origin}/k/${site.public_key}/checkout?${query}`;
    await body({ server, site, shop, browser, visitorPage, url });
  } finally {
    await browser.close();
    await shop.stop();
    await server.stop();
  }
}

/**
 * A stand's `prepare` that deploys one rule on a growth site: #place-order's text becomes `text`
 * on every page (the parts measure how the tracker applies it).
 */
export const placeOrderTextRule = (text) => async (server, site) => {
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await server.admin.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Bench copy',
    rule_type: 'cta_text',
    url_pattern: '*',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: text }],
    enabled: true,
    rollout_percentage: 100,
  });
};
