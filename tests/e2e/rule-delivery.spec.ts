// Optimization rules on a customer's page in Chromium: the tracker applies a rule before the first
// paint, splits a 50% rollout by visitor id exactly as the server's assignment does, reports apply
// failures, and a failing rule is rolled back automatically by the health evaluation; the visitor
// stops seeing it once the config is refreshed, and the Safety screen shows what happened.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type PocketBase from 'pocketbase';
import { inRollout } from '../../src/lib/assignment';
import { BASE, createUser, signInBrowser, superuser } from './dashboard/helpers';
import { closeServer } from '../helpers/close-server';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
let shop: Server;
let port = 0;

// A checkout page with the snippet loaded synchronously in <head>, as sites running optimizations do.
const PAGE = (key: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Checkout</title>
<script src="${BASE}/t/${key}.js"></script></head><body><h1>Checkout</h1>
${'<p>Review your order and pay securely.</p>'.repeat(40)}
<form action="/thank-you"><button id="place-order" type="submit">Place order</button></form></body></html>`;

// A single-page app: an element rendered late, and a client-side route to /spa/checkout.
const SPA = (key: string) => `<!doctype html><html><head><meta charset="utf-8"><title>App</title>
<script src="${BASE}/t/${key}.js"></script></head><body><h1>App</h1><main id="app"></main>
<button id="go" type="button">Go to checkout</button>
<script>
setTimeout(() => { const b = document.createElement('button'); b.id = 'late'; b.textContent = 'Late'; document.body.appendChild(b); }, 400);
document.getElementById('go').onclick = () => {
  history.pushState({}, '', location.pathname.replace(/\\/spa.*$/, '/spa/checkout'));
  document.getElementById('app').innerHTML = '<button id="place-order">Place order</button>';
};
</script></body></html>`;

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const key = /\/k\/([a-z0-9]+)\//.exec(req.url ?? '')?.[1] ?? '';
    const body = /\/spa/.test(req.url ?? '') ? SPA(key) : PAGE(key);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  port = (shop.address() as { port: number }).port;
});
test.afterAll(() => closeServer(shop));

async function visitor(browser: Browser, visitorId?: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ userAgent: CHROME_UA });
  await ctx.addInitScript((v) => {
    Object.defineProperty(navigator, 'webdriver', { get: () => false });
    if (v) localStorage.setItem('cro_v', v);
    // Every animation frame (right before a paint), the checkout button's visible text.
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    const sample = () => {
      const b = document.getElementById('place-order');
      if (b) frames.push(getComputedStyle(b).visibility === 'hidden' ? '(hidden)' : (b.textContent ?? ''));
      if (frames.length < 300) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, visitorId ?? '');
  return ctx;
}

async function paidSite(): Promise<{ pb: PocketBase; admin: PocketBase; site: { id: string; public_key: string; domain: string } }> {
  const owner = await createUser();
  const domain = `shop-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const site = await owner.pb
    .collection('sites')
    .create({ user_id: owner.id, domain, error_threshold_percentage: 5, optimization_enabled: true });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth', health_status: 'healthy' });
  return { pb: owner.pb, admin, site: site as unknown as { id: string; public_key: string; domain: string } };
}

const shopUrl = (site: { domain: string; public_key: string }) => `http://${site.domain}:${port}/k/${site.public_key}/checkout`;

test('a rule at 100% changes the checkout button before the first paint, and its exposure is reported', async ({ browser }) => {
  const { pb, admin, site } = await paidSite();
  const rule = await pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Checkout copy',
    rule_type: 'cta_text',
    url_pattern: '/k/*/checkout',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: 'Complete secure checkout' }],
    enabled: true,
    rollout_percentage: 100,
  });
  const ctx = await visitor(browser);
  const page = await ctx.newPage();
  await page.goto(shopUrl(site));
  await expect(page.getByRole('button', { name: 'Complete secure checkout' })).toBeVisible();
  await page.waitForTimeout(300);
  const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((f) => f === 'Place order')).toEqual([]); // never painted with the old text
  const hide = await page.evaluate(() => performance.getEntriesByName('cro-hide')[0]?.duration ?? -1);
  expect(hide).toBeGreaterThanOrEqual(0);
  expect(hide).toBeLessThan(1000);
  console.log(`anti-flicker hide duration: ${hide.toFixed(1)} ms`);
  // The page stays open until its exposure arrives (the tracker sends its batch while the page
  // lives). Left to the exit beacon it would be lost: a beacon sent while the page unloads carries
  // headless Chromium's own user agent, not this context's override, and the server drops it as a
  // robot's (visitors.ts launches a browser with the UA set for specs that need exit beacons).
  await expect
    .poll(
      async () =>
        (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "exposure" && rule = "${rule.id}"` }))
          .length,
      { timeout: 15_000 },
    )
    .toBe(1);
  await ctx.close();
});

test('at 50% rollout the tracker decides as the server does, and 1,000 visitor ids split within binomial bounds', async ({ browser }) => {
  // A long flow (eight visitors, or five screens' worth of steps): about 20 s on a quiet machine, so
  // it gets the budget of the other long flows rather than the default 30 s.
  test.setTimeout(60_000);
  const { pb, site } = await paidSite();
  const rule = await pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Half',
    rule_type: 'cta_text',
    url_pattern: '*',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: 'Pay now' }],
    enabled: true,
    rollout_percentage: 50,
  });
  // 1,000 visitor ids: within 3 standard deviations of 500 (sd = sqrt(1000 * 0.25) = 15.8).
  const ids = Array.from({ length: 1000 }, (_, i) => `visitor${i.toString(36).padStart(4, '0')}abcdef`);
  const inside = ids.filter((v) => inRollout(v, rule.seed, 50)).length;
  expect(inside).toBeGreaterThanOrEqual(453);
  expect(inside).toBeLessThanOrEqual(547);
  // The tracker in the browser agrees with the server's module, visitor by visitor.
  // Eight visitors side by side (each its own context, so its own stored visitor id).
  await Promise.all(
    ids.slice(0, 8).map(async (v) => {
      const ctx = await visitor(browser, v);
      const page = await ctx.newPage();
      await page.goto(shopUrl(site));
      await page.waitForLoadState('load');
      await expect(page.locator('#place-order')).toHaveText(inRollout(v, rule.seed, 50) ? 'Pay now' : 'Place order');
      await ctx.close();
    }),
  );
});

test('a rule whose change throws is rolled back automatically; the visitor stops seeing it; Safety shows it', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const { pb, admin, site } = await paidSite();
  // Both changes pass the server's policy; the style applies, then inserting a sibling of the
  // root element throws on the page (a document has one root).
  const rule = await pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Broken badge',
    rule_type: 'trust_badge',
    url_pattern: '*',
    selector: 'html',
    changes: [
      { type: 'set_style', name: 'outline', value: '3px solid rgb(1, 2, 3)' },
      { type: 'insert_after', value: '<p>Limited offer</p>' },
    ],
    enabled: true,
    rollout_percentage: 100,
    auto_rollback_enabled: true,
  });
  const ctx = await visitor(browser);
  const shopPage = await ctx.newPage();
  await shopPage.goto(shopUrl(site));
  await expect(shopPage.locator('html')).toHaveCSS('outline-color', 'rgb(1, 2, 3)');
  await expect(shopPage.locator('#place-order')).toHaveText('Place order'); // the page still works
  // 20 more page views (in parallel tabs, each sending its batch on the tracker's 1 s timer).
  const tabs = await Promise.all(Array.from({ length: 20 }, () => ctx.newPage()));
  await Promise.all(tabs.map((t) => t.goto(shopUrl(site), { waitUntil: 'load' })));
  for (const t of tabs) await expect(t.locator('html')).toHaveCSS('outline-color', 'rgb(1, 2, 3)');
  await expect
    .poll(
      async () =>
        (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "apply_error" && rule = "${rule.id}"` }))
          .length,
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(20);
  const failure = await admin.collection('events').getFirstListItem(`site_id = "${site.id}" && type = "apply_error"`);
  expect(failure.name).toMatch(/Failed to execute 'after'/i);

  // One browser is one client source, and a rollback needs failures from many (a public rule id
  // could be forged from one address). Twelve more visitors behind other addresses (a proxy in
  // front of the server says which, as X-Forwarded-For) report the same failure, as their trackers would.
  await admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
  const origin = new URL(shopUrl(site)).origin;
  for (let i = 1; i <= 12; i++) {
    const ts = Date.now() - 1000;
    const res = await fetch(`${BASE}/api/cro/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: origin, 'User-Agent': CHROME_UA, 'X-Forwarded-For': `198.51.100.${i}` },
      body: JSON.stringify({
        k: site.public_key,
        v: `visitor-elsewhere-${i}`,
        s: `session-elsewhere-${i}`,
        e: [
          { t: 'pv', ts, p: '/checkout' },
          { t: 'ae', ts: ts + 10, p: '/checkout', id: rule.id, m: failure.name },
        ],
      }),
    });
    expect(res.status).toBe(202);
  }

  const result = await pb.send('/api/cro/evaluate-health', { method: 'POST', body: { siteId: site.id } });
  expect(result.rules[0]).toMatchObject({ ruleId: rule.id, rolledBack: true });
  expect((await pb.collection('optimization_rules').getOne(rule.id)).enabled).toBe(false);

  // The served config no longer carries the rule; after the config refresh (browser cache of at most 60 s) the visitor sees the original.
  const script = await (await fetch(`${BASE}/t/${site.public_key}.js`)).text();
  expect(script).not.toContain(rule.id);
  const cdp = await ctx.newCDPSession(shopPage);
  await cdp.send('Network.clearBrowserCache');
  await shopPage.reload({ waitUntil: 'load' });
  await expect(shopPage.locator('html')).not.toHaveCSS('outline-color', 'rgb(1, 2, 3)');
  await Promise.all(tabs.map((t) => t.close()));
  await ctx.close();

  // The Safety screen: the automatic rollback, the failure metric, the audit entry.
  await signInBrowser(page, pb);
  await page.goto('/dashboard/safety');
  await page.getByRole('button', { name: new RegExp(site.domain) }).click();
  await expect(page.getByTestId('safety-rule').getByText('Disabled', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: /Rollback History/ }).click();
  const rb = page.getByTestId('rollback-entry');
  await expect(rb).toHaveCount(1);
  await expect(rb.getByText('automatic', { exact: true })).toHaveClass(/bg-red-100/); // destructive style
  await expect(rb).toContainText('Automatic rollback: Apply failure rate 100%');
  await page.getByRole('tab', { name: /Health Metrics/ }).click();
  const failRow = page.getByTestId('health-metric').filter({ hasText: 'apply_failure_rate' });
  await expect(failRow).toContainText('100%');
  await expect(failRow.getByText('Threshold Exceeded')).toBeVisible();
  await page.getByRole('tab', { name: /Audit Log/ }).click();
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'rolled_back' })).toContainText(
    'Automatic rollback: Apply failure rate 100%',
  );
});

test('rules reach late-rendered elements and SPA routes; a missing selector is reported as an apply failure', async ({ browser }) => {
  test.setTimeout(60_000);
  const { pb, admin, site } = await paidSite();
  const rules = pb.collection('optimization_rules');
  const base = { site_id: site.id, rule_type: 'cta_text', enabled: true, rollout_percentage: 100 };
  await rules.create({
    ...base,
    name: 'Late',
    url_pattern: '/k/*/spa',
    selector: '#late',
    changes: [{ type: 'set_text', value: 'Late, changed' }],
  });
  const route = await rules.create({
    ...base,
    name: 'Route',
    url_pattern: '/k/*/spa/checkout',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: 'Pay securely' }],
  });
  const missing = await rules.create({ ...base, name: 'Missing', url_pattern: '/k/*/spa', selector: '#nope', changes: [{ type: 'hide' }] });
  const ctx = await visitor(browser);
  const page = await ctx.newPage();
  await page.goto(`http://${site.domain}:${port}/k/${site.public_key}/spa`);
  await expect(page.locator('#late')).toHaveText('Late, changed'); // rendered 400 ms after load
  await page.waitForTimeout(5500); // a selector may take up to 5 s after load to match
  await page.getByRole('button', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/\/spa\/checkout$/);
  await expect(page.locator('#place-order')).toHaveText('Pay securely');
  await expect
    .poll(
      async () =>
        (
          await admin
            .collection('events')
            .getFullList({ filter: `site_id = "${site.id}" && (type = "exposure" || type = "apply_error")`, sort: 'ts' })
        )
          .map((e) => `${e.type}:${e.rule === route.id ? 'route' : e.rule === missing.id ? 'missing' : 'late'}:${e.name}`)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(['apply_error:missing:Selector not found: #nope', 'exposure:late:', 'exposure:route:']);
  await ctx.close();
});
