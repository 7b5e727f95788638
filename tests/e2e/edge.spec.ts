// A DNS-connected site in Chromium through the edge, by host name (--host-resolver-rules sends the
// test's names to the edge): the first HTML already carries the site's tracking snippet, the
// tracker runs and the visit is counted; a host the install does not serve gets 421 and no page.
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/pocketbase';
import { BASE, createUser, proveDomain, superuser } from './dashboard/helpers';
import { visitorBrowser, leave } from './visitors';
import { closeServer } from '../helpers/close-server';

const EDGE = process.env.CRO_EDGE_HTTP;

// A visitor's browser (not flagged as automated, else its visit is rightly not stored) that
// resolves the test's names to the edge.
const visitor = visitorBrowser([`--host-resolver-rules=MAP *.edgetest ${EDGE}`]);

const PAGE = '<!doctype html><html><head><title>Edge shop</title></head><body><h1>Summer sale</h1><a href="/cart">Cart</a></body></html>';

let origin: Server;
let originUrl: string;

test.beforeAll(async () => {
  origin = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  const port = await freePort();
  await new Promise<void>((r) => origin.listen(port, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await closeServer(origin);
});

test('a visitor loads the site through the edge by its name and the visit is counted', async () => {
  expect(EDGE, 'the DNS stand-in starts the server with an edge').toBeTruthy();
  const domain = `shop-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.edgetest`;
  const { pb } = await createUser();
  const site = await pb.collection('sites').create({ user_id: pb.authStore.record!.id, domain });
  await pb.collection('sites').update(site.id, { edge_origin: originUrl });
  await proveDomain(pb, site.id); // before that the edge routes none of its hosts

  const ctx = await visitor();
  const page = await ctx.newPage();
  // The edge learns the new site a moment after the write.
  await expect.poll(async () => (await page.goto(`http://${domain}/`))?.status(), { timeout: 10_000 }).toBe(200);
  const tracker = page.waitForResponse(`${BASE}/t/${site.public_key}.js`);
  const html = await (await page.goto(`http://${domain}/`))!.text();
  expect(html).toContain(`<head><script>(function(w,d,u,c,l){`);
  expect(html).toContain(`${BASE}/t/${site.public_key}`);
  await expect(page.getByRole('heading', { name: 'Summer sale' })).toBeVisible();
  expect((await tracker).status()).toBe(200);
  await leave(ctx); // page hide flushes the tracker's batch

  const admin = await superuser();
  await expect
    .poll(async () => (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "pageview"` })).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
});

test('a host the install does not serve gets 421 and nothing of any site', async () => {
  const ctx = await visitor();
  const page = await ctx.newPage();
  const res = await page.goto(`http://not-ours-${Date.now().toString(36)}.edgetest/`);
  expect(res?.status()).toBe(421);
  await expect(page.getByText('Summer sale')).toHaveCount(0);
  await ctx.close();
});
