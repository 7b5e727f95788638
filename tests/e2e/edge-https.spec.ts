// The fixture shop in Chromium through the edge over HTTPS, by host name: the edge gets the host's
// certificate from the ACME CA (pebble, which resolves the name at the install's own nameservers)
// on the first visit, Chromium trusts only that CA's key and speaks HTTP/2, the first HTML carries
// the site's tracking snippet and the visit is counted; a host the install does not serve gets no
// certificate and no page.
import { expect, test } from '@playwright/test';
import { BASE, createUser, proveDomain, superuser } from './dashboard/helpers';
import { visitorBrowser, leave } from './visitors';

const EDGE_HTTPS = process.env.CRO_EDGE_HTTPS;
const SHOP = process.env.TRACKER_FIXTURE_ORIGIN;

// Trusting the CA's key is not ignoring certificate errors: a certificate from any other issuer,
// or for another name, still fails.
const visitor = visitorBrowser([
  `--host-resolver-rules=MAP *.edgetls ${EDGE_HTTPS}`,
  `--ignore-certificate-errors-spki-list=${process.env.E2E_ACME_CA_SPKIS}`,
]);

test('a visitor loads the shop over HTTPS through the edge by its name and the visit is counted', async () => {
  expect(EDGE_HTTPS, 'the DNS stand-in starts the server with an HTTPS edge').toBeTruthy();
  const domain = `shop-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.edgetls`;
  const { pb } = await createUser();
  const site = await pb.collection('sites').create({ user_id: pb.authStore.record!.id, domain });
  await pb.collection('sites').update(site.id, { edge_origin: SHOP });
  await proveDomain(pb, site.id); // before that the edge routes none of its hosts

  const ctx = await visitor();
  const page = await ctx.newPage();
  // The edge learns the new site a moment after the write; until then the handshake is refused.
  await expect.poll(async () => (await page.goto(`https://${domain}/`).catch(() => null))?.status(), { timeout: 20_000 }).toBe(200);
  const tracker = page.waitForResponse(`${BASE}/t/${site.public_key}.js`);
  const res = (await page.goto(`https://${domain}/product`))!;
  const security = (await res.securityDetails())!;
  expect(security.issuer).toContain('Pebble Intermediate CA'); // the ACME CA's certificate, not a stand-in's
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe(
    'h2',
  );
  const html = await res.text();
  expect(html).toContain(`<head><script>(function(w,d,u,c,l){`);
  expect(html).toContain(`${BASE}/t/${site.public_key}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await tracker).status()).toBe(200);
  await leave(ctx); // page hide flushes the tracker's batch

  const admin = await superuser();
  await expect
    .poll(
      async () =>
        (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "pageview" && path = "/product"` }))
          .length,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(1);
});

test('a host the install does not serve gets no certificate and no page', async () => {
  const ctx = await visitor();
  const page = await ctx.newPage();
  const error = await page.goto(`https://not-ours-${Date.now().toString(36)}.edgetls/`).then(
    () => 'loaded',
    (e: Error) => e.message,
  );
  expect(error).toMatch(/ERR_SSL_PROTOCOL_ERROR|ERR_SSL|ERR_CONNECTION/);
  await ctx.close();
});
