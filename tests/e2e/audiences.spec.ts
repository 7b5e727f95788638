// A personalization in Chromium: a rule targeted to the audience "utm_source is newsletter, in
// Sweden" shows to those visitors only. The country comes from the bundled IP-to-country database
// for the visitor's address; the server learns that address the way a deployment behind a proxy
// does (PocketBase's trusted-proxy setting, X-Forwarded-For), and each visitor's browser sends it
// as that proxy would. A visitor of the audience in the rule's holdout keeps the original and is
// counted as held out.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { inRollout } from '../../src/lib/assignment';
import { closeServer } from '../helpers/close-server';
import { BASE, createUser, signInBrowser, superuser } from './dashboard/helpers';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** KTH's network in Stockholm: the bundled database places it in Sweden. */
const SWEDISH_ADDRESS = '130.237.28.40';
const US_ADDRESS = '8.8.8.8';
const ORIGINAL = 'Welcome to our shop';
const PERSONAL = 'Välkommen, newsletter reader!';

let shop: Server;
let port = 0;
const PAGE = (key: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>
<script src="${BASE}/t/${key}.js"></script></head><body><h1 id="headline">${ORIGINAL}</h1>
<p>Shoes, socks and more.</p><a id="next" href="/k/${key}/products">Products</a></body></html>`;

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const key = /\/k\/([a-z0-9]+)\//.exec(req.url ?? '')?.[1] ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE(key));
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  port = (shop.address() as { port: number }).port;
  // Left set afterwards, as tests/e2e/rule-delivery.spec.ts sets the same: restoring it could
  // pull it from under that spec running in the other worker. No other spec sends the header.
  await (await superuser()).settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
});
test.afterAll(() => closeServer(shop));

/** A visitor behind `address` with a chosen visitor id, on the shop's home page with `query`. */
async function visit(browser: Browser, site: { domain: string; public_key: string }, address: string, id: string, query = '') {
  const ctx = await browser.newContext({ userAgent: CHROME_UA, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await ctx.addInitScript((v) => {
    Object.defineProperty(navigator, 'webdriver', { get: () => false });
    if (!localStorage.getItem('cro_v')) localStorage.setItem('cro_v', v);
  }, id);
  const page = await ctx.newPage();
  await page.goto(`http://${site.domain}:${port}/k/${site.public_key}/home${query}`);
  return { ctx, page };
}

/** The headline once the tracker has run (the rules apply while it starts, before paint). */
async function headline(page: Page): Promise<string> {
  await page.waitForFunction(() => (window as unknown as { cro?: { l?: number } }).cro?.l === 1);
  return (await page.locator('#headline').textContent()) ?? '';
}

test('a rule for newsletter readers in Sweden shows to them only; its holdout keeps the original', async ({ browser, page }) => {
  const owner = await createUser();
  const domain = `shop-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const site = (await owner.pb.collection('sites').create({ user_id: owner.id, domain })) as unknown as {
    id: string;
    domain: string;
    public_key: string;
  };
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  const audience = await owner.pb.collection('audiences').create({
    site_id: site.id,
    name: 'Newsletter readers in Sweden',
    match: 'all',
    conditions: [
      { kind: 'utm_source', op: 'is', value: 'newsletter' },
      { kind: 'country', op: 'is', value: 'SE' },
    ],
  });
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Newsletter welcome',
    rule_type: 'cta_text',
    selector: '#headline',
    changes: [{ type: 'set_text', value: PERSONAL }],
    enabled: true,
    rollout_percentage: 100,
    audience: audience.id,
    holdout_percentage: 50,
  });
  // Visitor ids on either side of the 50% holdout, by the tracker's own assignment.
  const ids = Array.from({ length: 40 }, (_, i) => `e2evisitor${i}x${Date.now().toString(36)}`);
  const shown = ids.find((v) => !inRollout(v, rule.seed + ':h', 50))!;
  const held = ids.find((v) => inRollout(v, rule.seed + ':h', 50))!;

  const reader = await visit(browser, site, SWEDISH_ADDRESS, shown, '?utm_source=newsletter&utm_medium=email');
  await expect(reader.page.locator('#headline')).toHaveText(PERSONAL);
  // The visit stays the newsletter's on its next page, without the campaign in the URL (once its
  // first batch is in: the session's campaign is its first batch's).
  const session = (v: string) => admin.collection('sessions').getFullList({ filter: `site_id = "${site.id}" && visitor = "${v}"` });
  await expect.poll(async () => (await session(shown)).length, { timeout: 15_000 }).toBe(1);
  await reader.page.locator('#next').click();
  await expect(reader.page).toHaveURL(/\/products$/);
  await expect(reader.page.locator('#headline')).toHaveText(PERSONAL);

  const others = await Promise.all([
    visit(browser, site, SWEDISH_ADDRESS, ids[0] + 'a'), // in Sweden, not from the newsletter
    visit(browser, site, US_ADDRESS, ids[0] + 'b', '?utm_source=newsletter'), // from the newsletter, in the US
    visit(browser, site, '127.0.0.1', ids[0] + 'c', '?utm_source=newsletter'), // country unknown
    visit(browser, site, SWEDISH_ADDRESS, held, '?utm_source=newsletter'), // the audience's holdout
  ]);
  for (const o of others) expect(await headline(o.page)).toBe(ORIGINAL);
  await others[3]!.page.waitForTimeout(300);
  expect(await others[3]!.page.locator('#headline').textContent()).toBe(ORIGINAL);

  // Each visit's first batch is sent while its page lives (by fetch, through the "proxy": a leaving
  // page's beacon does not carry the context's extra headers); leaving then sends the rest: the
  // reader's exposure, the held-out visitor as held out, no one else.
  const visitors = [shown, ids[0] + 'a', ids[0] + 'b', ids[0] + 'c', held];
  const sessions = async () =>
    (await admin.collection('sessions').getFullList({ filter: `site_id = "${site.id}"` })).filter((x) => visitors.includes(x.visitor));
  await expect.poll(async () => (await sessions()).length, { timeout: 15_000 }).toBe(5);
  expect((await sessions()).map((x) => x.country).sort()).toEqual(['', 'SE', 'SE', 'SE', 'US']);
  expect((await sessions()).map((x) => `${x.country}:${x.utm_source}`).sort()).toEqual([
    ':newsletter',
    'SE:',
    'SE:newsletter',
    'SE:newsletter',
    'US:newsletter',
  ]);
  for (const v of [reader, ...others]) await v.page.goto('about:blank');
  const events = async (type: string) =>
    (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "${type}" && rule = "${rule.id}"` })).map(
      (e) => e.visitor as string,
    );
  await expect.poll(async () => [...new Set(await events('exposure'))], { timeout: 15_000 }).toEqual([shown]);
  await expect.poll(async () => [...new Set(await events('holdout_exposure'))], { timeout: 15_000 }).toEqual([held]);
  for (const v of [reader, ...others]) await v.ctx.close();

  // The Optimizations screen: the audience with its share of last week's visitors (the reader and
  // the held-out visitor are in it, of five), and the rule as a personalization with its holdout.
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/optimizations');
  await expect(page.getByTestId('audience-card')).toContainText('Newsletter readers in Sweden');
  await expect(page.getByTestId('audience-share')).toHaveText("40% of last week's visitors (2 of 5)");
  await expect(page.getByTestId('personalization')).toContainText(
    'Personalization for Newsletter readers in Sweden · 50% holdout sees the original',
  );
  await expect(page.getByTestId('personalization')).toContainText('Not enough data yet');
});
