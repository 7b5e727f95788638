// A visitor who leaves before the tracker's deferred start (idle time, up to 2 s after the load on
// a busy page): the page view and the exposure applied before paint are stored, exactly once, and a
// Do Not Track visitor still sends nothing. Headless Chromium delivers the exit beacon when the page
// navigates to another origin, from the visitors' browser (visitors.ts): a context-level user agent
// does not reach a beacon sent while the page unloads, so the server would drop it as a robot's.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { BASE, createUser, superuser } from './dashboard/helpers';
import { closeServer } from '../helpers/close-server';
import { visitorBrowser } from './visitors';

const visitorContext = visitorBrowser();
let shop: Server;
let port = 0;

// The snippet in <head>, then the page.
const PAGE = (key: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Offer</title>
<script src="${BASE}/t/${key}.js"></script></head><body><h1>Offer</h1><button id="buy" type="button">Buy now</button></body></html>`;

// The tracker starts when the browser is idle (requestIdleCallback). The page's browser is kept
// "never idle" until the test says otherwise, as on a page busy with its own work, so the visitor
// always leaves before the start, however slow this machine is.
const HOLD_IDLE = () => {
  const held: (() => void)[] = [];
  const w = window as unknown as { requestIdleCallback: (cb: () => void) => number; releaseIdle: () => void };
  w.requestIdleCallback = (cb) => held.push(cb);
  w.releaseIdle = () => held.splice(0).forEach((cb) => cb());
};

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const key = /\/k\/([a-z0-9]+)\//.exec(req.url ?? '')?.[1];
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(key ? PAGE(key) : '<!doctype html><p>Elsewhere</p>');
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  port = (shop.address() as { port: number }).port;
});
test.afterAll(() => closeServer(shop));

/** A site with a rule at 100% on its offer page (so it gets the full build and reports an exposure). */
async function siteWithRule() {
  const owner = await createUser();
  const domain = `leave-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const site = await owner.pb.collection('sites').create({ user_id: owner.id, domain, optimization_enabled: true });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth', health_status: 'healthy' });
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Offer copy',
    rule_type: 'cta_text',
    url_pattern: '/k/*/offer',
    selector: '#buy',
    changes: [{ type: 'set_text', value: 'Get it today' }],
    enabled: true,
    rollout_percentage: 100,
  });
  const events = async (type: string) =>
    (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "${type}"`, requestKey: null })).length;
  return { url: `http://${domain}:${port}/k/${site.public_key}/offer`, rule, events };
}

/** Opens the offer page and waits until the rule applied (before paint); the tracker has not started. */
async function openOffer(ctx: BrowserContext, url: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.addInitScript(HOLD_IDLE);
  await page.goto(url, { waitUntil: 'commit' });
  await expect(page.locator('#buy')).toHaveText('Get it today');
  expect(await trackerStarted(page)).toBe(false);
  return page;
}

// The tracker's start wraps history.pushState to follow SPA navigation (src/tracker/page.ts).
const trackerStarted = (page: Page) => page.evaluate(() => !/native code/.test(String(history.pushState)));
const elsewhere = () => `http://elsewhere.localhost:${port}/`;

test('a visitor who leaves within a few hundred ms has the page view and the exposure stored once', async () => {
  const { url, events } = await siteWithRule();
  // A Do Not Track visitor leaves the same way first: nothing of theirs may arrive.
  const dnt = await visitorContext({ dnt: true });
  await (await openOffer(dnt, url)).goto(elsewhere());
  const ctx = await visitorContext();
  await (await openOffer(ctx, url)).goto(elsewhere());
  await expect.poll(() => events('pageview'), { timeout: 5_000 }).toBe(1);
  expect(await events('exposure')).toBe(1);
  expect(await events('leave')).toBe(1);
  await Promise.all([dnt.close(), ctx.close()]);
});

test('a tab hidden before the tracker started and shown again is recorded once when the tracker starts', async () => {
  const { url, events } = await siteWithRule();
  const ctx = await visitorContext();
  const page = await openOffer(ctx, url);
  const tab = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, state);
  await tab('hidden');
  await expect.poll(() => events('pageview'), { timeout: 5_000 }).toBe(1);
  await tab('visible');
  await expect.poll(() => trackerStarted(page)).toBe(true);
  await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle()); // the deferred start comes now
  await page.goto(elsewhere());
  await expect.poll(() => events('leave'), { timeout: 5_000 }).toBe(2); // one per hidden period
  expect(await events('pageview')).toBe(1);
  expect(await events('exposure')).toBe(1);
  await ctx.close();
});
