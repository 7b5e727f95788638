// Frustration signals end to end in Chromium: a visitor of a Growth site rage-clicks a button that
// does nothing, follows a link and goes back at once; the server computes the session's signals in
// the background from its events; the Overview lists the page among the most frustrated, linking
// to its recordings; the owner filters the recordings by rage clicks, finds that session, sees its
// signals marked on the player's timeline and jumps to one.
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';
import { leave, visitorBrowser } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();
test.describe.configure({ timeout: 90_000 });

const recordings = async (pb: PocketBase, siteId: string) =>
  (await pb.collection('session_recordings').getList(1, 5, { filter: `site_id = "${siteId}"` })).items;

test('a rage click on a dead button and a quick back are marked on the recording the rage filter finds', async ({ page }) => {
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('frus'))) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });

  const ctx = await visitorContext();
  const visitor = await ctx.newPage();
  const recorder = visitor.waitForRequest((r) => r.url().includes('/t/r/'));
  await visitor.goto(`${SHOP}/promo?cro_key=${site.public_key}`);
  await recorder;
  await visitor.waitForTimeout(500); // the recorder's first full snapshot
  const claim = visitor.locator('#promo-claim');
  for (let i = 0; i < 4; i++) await claim.click({ delay: 10 });
  await visitor.waitForTimeout(1200); // no page view follows: dead clicks
  await visitor.locator('#promo-product').click();
  await expect(visitor).toHaveURL(/\/product$/);
  await visitor.goBack(); // back within a second: a quick back
  await expect(visitor).toHaveURL(/\/promo\?/);
  await visitor.waitForTimeout(1500);
  await leave(ctx);

  await expect
    .poll(
      async () => {
        const [r] = await recordings(owner.pb, site.id);
        return r ? { rage: r.rage_clicks, back: r.quick_backs } : null;
      },
      { timeout: 20_000 },
    )
    .toEqual({ rage: 1, back: 1 });
  const [rec] = await recordings(owner.pb, site.id);
  expect(rec!.dead_clicks).toBe(4);
  expect(rec!.frustration_score).toBeGreaterThan(0);

  await signInBrowser(page, owner.pb);
  // The Overview's most frustrated pages link to those sessions' recordings.
  await page.goto('/dashboard');
  const promo = page.getByTestId('frustrated-pages').getByTestId('frustrated-page').filter({ hasText: '/promo' });
  await promo.getByRole('link', { name: '1 frustrated session' }).click();
  await expect(page).toHaveURL(/\/dashboard\/recordings\?page=%2Fpromo&frustrated=1$/);
  await expect(page.getByTestId('recording-row')).toHaveCount(1);

  await page.goto('/dashboard/recordings');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Rage clicks').check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const row = page.getByTestId('recording-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('recording-frustration')).toContainText(String(rec!.frustration_score));
  await row.getByRole('button', { name: 'Watch Replay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session replay' });
  await expect(dialog.getByTestId('signal-mark-rage')).toHaveCount(1);
  await expect(dialog.getByTestId('signal-mark-quick_back')).toHaveCount(1);
  const rage = dialog.getByTestId('signal-rage');
  await expect(rage).toContainText('Rage click on /promo');
  const at = /at (\d+:\d{2})$/.exec((await rage.textContent()) ?? '')![1]!;
  await rage.click();
  await expect(dialog.getByTestId('replay-time')).toContainText(`${at} /`);
});
