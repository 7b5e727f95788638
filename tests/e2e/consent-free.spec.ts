// Consent-free mode in Chromium on the fixture shop: the tracker keeps nothing on the visitor's
// device (no localStorage, sessionStorage or cookie of ours) and the owner still gets the visit,
// with the server's daily visitor id; a second browser on the same address and browser build is
// the same visitor that day.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addSite, createUser, newDomain, signInBrowser } from './dashboard/helpers';
import { visitorBrowser, leave } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();

/** What the page holds on the device: storage keys and cookies other than the fixture's own `cro_key`. */
async function deviceState(v: Page, ctx: BrowserContext) {
  const inPage = await v.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookie: document.cookie.split(/;\s*/).filter((c) => c && !c.startsWith('cro_key=')),
  }));
  const cookies = (await ctx.cookies()).map((c) => c.name).filter((n) => n !== 'cro_key');
  return { ...inPage, cookies };
}

const nothingStored = { local: [], session: [], cookie: [], cookies: [] };

/** Opens a page and waits until the tracker has sent its first batch (the page view). */
async function openAndTrack(v: Page, url: string): Promise<void> {
  const sent = v.waitForResponse((r) => r.url().includes('/api/cro/collect') && r.request().method() === 'POST');
  await v.goto(url);
  expect((await sent).status()).toBe(202);
}

test('a consent-free site stores nothing on the device and still counts the visit', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('cf-shop'))) as unknown as { id: string; public_key: string };
  // The owner switches it on in Settings -> Optimization, where its consequences are stated.
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Optimization' }).click();
  const form = page.getByTestId('site-settings');
  await expect(form.getByTestId('consent-free-consequences')).toContainText('Session recordings are off.');
  await expect(form.getByTestId('consent-free-consequences')).toContainText('Returning visitors are counted as new visitors each day.');
  await form.getByRole('switch', { name: 'Consent-free mode' }).click();
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect.poll(async () => (await owner.pb.collection('sites').getOne(site.id)).consent_free).toBe(true);
  await expect(page.getByTestId('recording-settings')).toContainText('Session recordings are off in consent-free mode');

  const ctx = await visitorContext();
  const v = await ctx.newPage();
  const scripts: string[] = [];
  v.on('response', (r) => {
    if (r.url().includes(`/t/${site.public_key}.js`)) void r.text().then((t) => scripts.push(t));
  });
  await openAndTrack(v, `${SHOP}/?cro_key=${site.public_key}`);
  expect(await deviceState(v, ctx)).toEqual(nothingStored);

  const next = v.waitForResponse((r) => r.url().includes('/api/cro/collect'));
  await v.getByRole('link', { name: 'Shop the Trail Shoe' }).click();
  await v.waitForURL('**/product');
  await next;
  await v.getByRole('button', { name: 'Read reviews' }).click();
  await expect(v.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  const cart = v.waitForResponse((r) => r.url().includes('/api/cro/collect'));
  await v.getByRole('link', { name: 'Add to cart' }).click();
  await v.waitForURL('**/cart');
  await cart;
  // Give the click batch (1 s timer) time to go, then look again: still nothing on the device.
  await v.waitForTimeout(1500);
  expect(await deviceState(v, ctx)).toEqual(nothingStored);
  await leave(ctx); // page hide: the last batch goes as a beacon

  // The script carried the server's id for this visitor; the session stored has exactly that id.
  const ids = scripts.map((s) => /"c":"([a-z0-9]{20})"/.exec(s)?.[1]);
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size).toBe(1);
  const kpis = () => owner.pb.send(`/api/cro/kpis/${site.id}`, { requestKey: null });
  await expect.poll(async () => (await kpis()).today, { timeout: 15_000 }).toMatchObject({ sessions: 1, visitors: 1, pageviews: 4 });
  const sessions = await owner.pb.collection('sessions').getFullList({ filter: `site_id = "${site.id}"` });
  expect(sessions.map((s) => s.visitor)).toEqual([ids[0]]);
  const clicks = await owner.pb.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "click"`, sort: 'ts' });
  expect(clicks.map((c) => c.selector)).toEqual(['a#shop-now', 'button#show-reviews', 'a#add-to-cart']);

  // A fresh browser profile (nothing kept from before) with the same address and browser: the same visitor today.
  const again = await visitorContext();
  const w = await again.newPage();
  await openAndTrack(w, `${SHOP}/?cro_key=${site.public_key}`);
  expect(await deviceState(w, again)).toEqual(nothingStored);
  await again.close();
  await expect.poll(async () => (await kpis()).today, { timeout: 15_000 }).toMatchObject({ visitors: 1, pageviews: 5 });
});
