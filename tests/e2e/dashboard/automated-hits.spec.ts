// Speed & Tracking shows the hits the collector filtered as automated: a headless browser's hits
// appear in 'today' and 'last 7 days', and never as events (zero counts and other sites: the
// integration test tests/integration/analytics/automated-hits.test.ts).
import { expect, test } from '@playwright/test';
import { BASE, addSite, createUser, newDomain, signInBrowser } from './helpers';

const HEADLESS_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';

test('automated hits filtered today and over the last 7 days', async ({ page }) => {
  // A sign-in and the dashboard: 22 to 29 s while other jobs load this machine, near the default 30 s.
  test.setTimeout(60_000);
  const owner = await createUser();
  const domain = newDomain('bots');
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string };
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${BASE}/api/cro/collect`, {
      method: 'POST',
      body: JSON.stringify({ k: site.public_key, v: `vbot${i}aaaaaaaa`, s: `sbot${i}aaaaaaaa`, e: [{ t: 'pv', ts: Date.now(), p: '/' }] }),
      headers: { 'Content-Type': 'text/plain', Origin: `https://${domain}`, 'User-Agent': HEADLESS_UA },
    });
    expect(res.status).toBe(204);
  }
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/tracking-setup');
  const card = page.getByTestId('automated-hits');
  await expect(card.getByTestId('automated-hits-today')).toHaveText('3');
  await expect(card.getByTestId('automated-hits-week')).toHaveText('3');
  const events = await owner.pb.collection('events').getList(1, 1, { filter: `site_id = "${site.id}"` });
  expect(events.totalItems).toBe(0);
});
