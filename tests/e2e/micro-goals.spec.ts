// Micro goals end to end in Chromium: the owner adds one on the Funnels screen ('Add Micro Goal'),
// a driver speaking the tracker's collect protocol completes it in three visits (one of them twice,
// which counts once), and the Funnels screen and the header's KPI strip show the completions and
// points.
import { expect, test } from '@playwright/test';
import { BASE, addSite, createUser, newDomain, openFromSidebar, signInBrowser } from './dashboard/helpers';

const rid = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** One visit: a page view, then `times` add-to-cart events. */
async function visit(site: { public_key: string; domain: string }, times: number) {
  const t = Date.now();
  const e: object[] = [{ t: 'pv', ts: t, p: '/product' }];
  for (let i = 0; i < times; i++) e.push({ t: 'ev', ts: t + 1 + i, p: '/product', n: 'add_to_cart' });
  const res = await fetch(`${BASE}/api/cro/collect`, {
    method: 'POST',
    body: JSON.stringify({ k: site.public_key, v: rid('v'), s: rid('s'), e }),
    headers: { 'Content-Type': 'text/plain', Origin: `https://${site.domain}` },
  });
  expect(res.status).toBe(202);
}

test('an owner adds a micro goal; its completions and points appear on Funnels and in the KPI strip', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('micro'))) as unknown as { id: string; public_key: string; domain: string };
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');
  await openFromSidebar(page, 'Funnels');

  const card = page.getByTestId('micro-goals');
  await expect(card.getByText('No micro goals yet')).toBeVisible();
  await card.getByRole('button', { name: 'Add Micro Goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Micro Goal' });
  await dialog.getByLabel('Name', { exact: true }).fill('Add to cart');
  await dialog.getByLabel('Completed by').selectOption('event');
  await dialog.getByLabel('Event name').fill('add_to_cart');
  await dialog.getByLabel('Points').fill('5');
  await dialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByTestId('micro-goal-row').filter({ hasText: 'Add to cart' });
  await expect(row.getByTestId('micro-goal-completions')).toHaveText('0');

  const goal = await owner.pb.collection('goals').getFirstListItem(`site_id = "${site.id}"`);
  expect(goal).toMatchObject({ type: 'event', match: 'add_to_cart', value: 5, micro: true, enabled: true });

  await visit(site, 2);
  await visit(site, 1);
  await visit(site, 1);

  // The site's live push (a couple of seconds) refreshes both without a reload.
  await expect(row.getByTestId('micro-goal-completions')).toHaveText('3', { timeout: 15_000 });
  await expect(row.getByTestId('micro-goal-points')).toHaveText('15');
  const strip = page.getByTestId('kpi-strip');
  await expect(strip).toContainText('Micro conversions3', { timeout: 15_000 });

  // A bad goal is refused with the reason, and nothing is added.
  await card.getByRole('button', { name: 'Add Micro Goal' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Signup form');
  await dialog.getByLabel('Completed by').selectOption('form');
  await dialog.getByLabel('Form selector').fill('form[name="signup"');
  await dialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not a CSS selector (for example #signup or form.newsletter).');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await owner.pb.collection('goals').getFullList({ filter: `site_id = "${site.id}"` })).toHaveLength(1);
});
