// The tracker on a real (fixture) website in Chromium: a visitor browses, clicks, scrolls and
// buys, and the site's owner gets exactly those figures; Do Not Track / GPC visitors send nothing.
import { expect, test, type BrowserContext } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { addSite, createUser, newDomain } from './dashboard/helpers';
import { visitorBrowser, leave } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();

async function ownerWithSite(): Promise<{ pb: PocketBase; site: { id: string; public_key: string } }> {
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('shop'))) as unknown as { id: string; public_key: string };
  await owner.pb.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
  return { pb: owner.pb, site };
}

const kpis = (pb: PocketBase, siteId: string) => pb.send(`/api/cro/kpis/${siteId}`, { requestKey: null });

/** Browses the fixture shop: home, product (scrolls, opens reviews via pushState), cart, checkout, buys. */
async function browseAndBuy(ctx: BrowserContext, key: string): Promise<void> {
  const v = await ctx.newPage();
  await v.goto(`${SHOP}/?cro_key=${key}`);
  await v.getByRole('link', { name: 'Shop the Trail Shoe' }).click();
  await v.waitForURL('**/product');
  await v.locator('#bottom').scrollIntoViewIfNeeded();
  await v.mouse.wheel(0, 3000);
  await v.waitForTimeout(300);
  await v.evaluate(() => window.scrollTo(0, 0));
  await v.getByRole('button', { name: 'Read reviews' }).click();
  await expect(v).toHaveURL(/\/product\/reviews$/);
  await expect(v.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await v.getByRole('link', { name: 'Add to cart' }).click();
  await v.waitForURL('**/cart');
  await v.getByRole('link', { name: 'Checkout' }).click();
  await v.waitForURL('**/checkout');
  await v.getByRole('button', { name: 'Place order' }).click();
  await v.waitForURL('**/thank-you**');
  await expect(v.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

test('a visitor browses, clicks, scrolls and buys; the owner gets exactly those figures', async () => {
  const { pb, site } = await ownerWithSite();
  const ctx = await visitorContext();
  await browseAndBuy(ctx, site.public_key);

  await expect
    .poll(async () => (await kpis(pb, site.id)).today, { timeout: 15_000 })
    .toMatchObject({ sessions: 1, visitors: 1, pageviews: 6, conversions: 1, convertedSessions: 1, revenue: 129, bounces: 0 });
  await leave(ctx); // page hide: the last page's time and scroll are sent

  const a = await pb.send(`/api/cro/analytics/${site.id}?days=7`, { requestKey: null });
  const views = Object.fromEntries(a.pages.map((p: { path: string; pageviews: number }) => [p.path, p.pageviews]));
  expect(views).toEqual({ '/': 1, '/product': 1, '/product/reviews': 1, '/cart': 1, '/checkout': 1, '/thank-you': 1 });
  expect(a.pages[0]).toMatchObject({ path: '/thank-you', conversions: 1, revenue: 129 });
  expect(a.sources).toEqual([expect.objectContaining({ value: 'Direct', sessions: 1, conversions: 1, revenue: 129 })]);

  const clicks = await pb.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "click"`, sort: 'ts' });
  expect(clicks.map((c) => c.selector)).toEqual(['a#shop-now', 'button#show-reviews', 'a#add-to-cart', 'a#checkout', 'button#place-order']);
  expect(clicks[0]).toMatchObject({ name: 'Shop the Trail Shoe', path: '/' });
  expect(clicks.every((c) => c.x > 0 && c.y > 0)).toBe(true);

  await expect
    .poll(
      async () =>
        (await pb.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "leave" && path = "/product"` }))[0]?.x ?? 0,
    )
    .toBe(100); // the product page was scrolled to its end
  const purchase = await pb.collection('events').getFirstListItem(`site_id = "${site.id}" && type = "custom"`);
  expect(purchase).toMatchObject({ name: 'purchase', value: 129, path: '/thank-you', props: { order: 'FO-1001' } });
});

for (const privacy of [{ dnt: true }, { gpc: true }]) {
  test(`a visitor with ${privacy.dnt ? 'Do Not Track' : 'Global Privacy Control'} sends nothing`, async () => {
    const { pb, site } = await ownerWithSite();
    const ctx = await visitorContext(privacy);
    const sent: string[] = [];
    ctx.on('request', (r) => {
      if (r.url().includes('/api/cro/collect')) sent.push(r.url());
    });
    await browseAndBuy(ctx, site.public_key);
    await ctx.close();
    await new Promise((r) => setTimeout(r, 1500));
    expect(sent).toEqual([]);
    expect((await kpis(pb, site.id)).today.sessions).toBe(0);
    expect((await pb.collection('events').getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems).toBe(0);
  });
}

test('a site may choose not to honour Do Not Track', async () => {
  const { pb, site } = await ownerWithSite();
  await pb.collection('sites').update(site.id, { tracking_ignore_dnt: true });
  const ctx = await visitorContext({ dnt: true });
  const v = await ctx.newPage();
  await v.goto(`${SHOP}/?cro_key=${site.public_key}`);
  await expect.poll(async () => (await kpis(pb, site.id)).today.pageviews, { timeout: 15_000 }).toBe(1);
  await ctx.close();
});

test('JavaScript errors and web vitals are reported without query strings', async () => {
  const { pb, site } = await ownerWithSite();
  const ctx = await visitorContext();
  const v = await ctx.newPage();
  await v.goto(`${SHOP}/?cro_key=${site.public_key}`);
  await v.goto(`${SHOP}/product?broken=1`);
  await expect(v.getByRole('heading', { name: 'Trail Shoe' })).toBeVisible();
  await v.waitForTimeout(300);
  await leave(ctx); // the page exit sends the final vitals (closing the context may drop that beacon)
  await expect
    .poll(async () => (await pb.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "error"` })).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const error = await pb.collection('events').getFirstListItem(`site_id = "${site.id}" && type = "error"`);
  expect(error).toMatchObject({ path: '/product', name: 'Uncaught Error: Fixture failure for order 42', url: `${SHOP}/product` });
  expect(error.props).toMatchObject({ message: 'Uncaught Error: Fixture failure for order 42', source: `${SHOP}/product` });
  const vitals = await pb.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "vital"` });
  expect(vitals.map((e) => e.name)).toContain('CLS');
  expect((await pb.send(`/api/cro/kpis/${site.id}`, { requestKey: null })).today.errors).toBe(1);
});

test('each page exit sends exactly one leave, and web vitals are final when the page is left', async () => {
  const { pb, site } = await ownerWithSite();
  const ctx = await visitorContext();
  const v = await ctx.newPage();
  await v.goto(`${SHOP}/?cro_key=${site.public_key}`);
  await v.getByRole('link', { name: 'Shop the Trail Shoe' }).click(); // leaving: pagehide and visibilitychange both fire
  await v.waitForURL('**/product');
  await expect(v.getByRole('heading', { name: 'Trail Shoe' })).toBeVisible();
  // The visitor switches tabs, comes back, the page shifts its layout, and the tab is hidden again.
  const tab = (state: 'hidden' | 'visible') =>
    v.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, state);
  await tab('hidden');
  await tab('visible');
  await v.evaluate(() => {
    const banner = document.createElement('div');
    banner.style.height = '400px';
    document.body.prepend(banner);
  });
  await v.waitForTimeout(300);
  await tab('hidden');
  await v.goto(`${SHOP}/cart`); // the page is left while hidden: its leave was already sent
  await v.goto(`${SHOP}/checkout`);

  const events = async (type: string, path: string) =>
    pb
      .collection('events')
      .getFullList({ filter: `site_id = "${site.id}" && type = "${type}" && path = "${path}"`, sort: 'ts', requestKey: null });
  await expect.poll(async () => (await events('leave', '/cart')).length, { timeout: 15_000 }).toBe(1);
  expect((await events('leave', '/')).length).toBe(1);
  expect((await events('leave', '/product')).length).toBe(2); // one per hidden period, the second with time only
  const cls = (await events('vital', '/product')).filter((e) => e.name === 'CLS').map((e) => e.value);
  expect(cls).toHaveLength(2); // the shift after the tab came back is reported: the last value is final
  expect(cls[1] ?? 0).toBeGreaterThan(cls[0] ?? 0);
  expect((await events('vital', '/product')).filter((e) => e.name === 'LCP')).toHaveLength(1); // unchanged: not sent again
  await ctx.close();
});

test('a batch whose fetch failed in the page after it reached the server is sent again and counted once', async () => {
  const { pb, site } = await ownerWithSite();
  const ctx = await visitorContext();
  const bodies: string[] = [];
  const replies: unknown[] = [];
  await ctx.route('**/api/cro/collect', async (route) => {
    bodies.push(route.request().postData() ?? '');
    if (bodies.length === 1) {
      await route.fetch(); // the server stores it ...
      await route.abort('connectionreset'); // ... and the page sees the fetch fail, as when its answer is lost
      return;
    }
    const res = await route.fetch();
    replies.push(await res.json());
    await route.fulfill({ response: res });
  });
  const v = await ctx.newPage();
  await v.goto(`${SHOP}/?cro_key=${site.public_key}`);
  await expect.poll(() => replies.length, { timeout: 15_000 }).toBe(1); // the retry, after its backoff
  expect(JSON.parse(bodies[1]!)).toEqual(JSON.parse(bodies[0]!));
  expect(JSON.parse(bodies[0]!).b).toMatch(/^[a-z0-9]{8,64}$/);
  expect(replies[0]).toMatchObject({ duplicate: true });
  expect((await kpis(pb, site.id)).today).toMatchObject({ sessions: 1, pageviews: 1 });
  await ctx.close();
});
