// Form goals in real Chromium: the owner adds a micro goal completed by submitting the fixture
// shop's checkout form; a visitor fills it in and submits it (the page navigates away at once, so
// the tracker must send on the way out); the Funnels screen shows one completion and its points,
// and a visitor who only looks at the form completes nothing.
import { expect, test } from '@playwright/test';
import { addSite, createUser, newDomain, openFromSidebar, signInBrowser } from './dashboard/helpers';
import { visitorBrowser } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();

test('submitting a form goal counts it with its points; viewing the form does not', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('form'))) as unknown as { id: string; public_key: string };
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');
  await openFromSidebar(page, 'Funnels');

  const card = page.getByTestId('micro-goals');
  await card.getByRole('button', { name: 'Add Micro Goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Micro Goal' });
  await dialog.getByLabel('Name', { exact: true }).fill('Checkout form');
  await dialog.getByLabel('Completed by').selectOption('form');
  await dialog.getByLabel('Form selector').fill('form[action="/thank-you"]');
  await dialog.getByLabel('Points').fill('10');
  await dialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByTestId('micro-goal-row').filter({ hasText: 'Checkout form' });
  await expect(row.getByTestId('micro-goal-completions')).toHaveText('0');

  const ctx = await visitorContext();
  const looker = await ctx.newPage();
  await looker.goto(`${SHOP}/checkout?cro_key=${site.public_key}`);
  await expect(looker.getByRole('button', { name: 'Place order' })).toBeVisible();
  await looker.close();

  const buyerCtx = await visitorContext();
  const buyer = await buyerCtx.newPage();
  await buyer.goto(`${SHOP}/checkout?cro_key=${site.public_key}`);
  await buyer.getByLabel('Name').fill('Ada');
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await buyer.waitForURL('**/thank-you**');

  await expect(row.getByTestId('micro-goal-completions')).toHaveText('1', { timeout: 15_000 });
  await expect(row.getByTestId('micro-goal-points')).toHaveText('10');
  const submits = await owner.pb.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "form_submit"` });
  expect(submits).toHaveLength(1);
  expect(submits[0]).toMatchObject({ path: '/checkout' });
  await Promise.all([ctx.close(), buyerCtx.close()]);
});
