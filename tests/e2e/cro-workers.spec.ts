// CRO Workers in Chromium: refused below Enterprise with Upgrade; on Enterprise, 8 workers with
// switches and beta badges, and switching one on deploys its rule and updates the stat cards.
import { expect, test } from '@playwright/test';
import { createUser, signInBrowser, superuser } from './dashboard/helpers';

test('CRO Workers: Upgrade below Enterprise; on Enterprise a worker switches on and is deployed', async ({ page }) => {
  const owner = await createUser();
  const site = await owner.pb.collection('sites').create({ user_id: owner.id, domain: `workers-${Date.now().toString(36)}.test` });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await signInBrowser(page, owner.pb);

  await page.goto('/dashboard/cro-workers');
  await expect(page.getByText('CRO Workers are an Enterprise feature')).toBeVisible();
  await expect(page.getByText('CRO Workers requires the Enterprise & Ecom plan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');

  await admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
  await page.reload();
  await expect(page.getByTestId('worker-card')).toHaveCount(8);
  await expect(page.getByTestId('worker-card').getByText('Beta')).not.toHaveCount(0);
  const stats = page.getByTestId('worker-stat');
  await expect(stats.filter({ hasText: 'Active Workers' })).toContainText('0 / 8');
  await expect(stats.filter({ hasText: 'Mean Apply Time' })).toContainText('No data yet');
  // No worker is on: no card may say 'Active' beside '0 / 8 active'.
  const trustCard = page.getByTestId('worker-card').filter({ has: page.getByRole('switch', { name: 'Checkout Trust Badges' }) });
  await expect(page.getByTestId('worker-card').getByText('Active', { exact: true })).toHaveCount(0);
  await expect(trustCard.getByText('Off', { exact: true })).toBeVisible();

  const sw = page.getByRole('switch', { name: 'Checkout Trust Badges' });
  await expect(sw).toHaveAttribute('aria-checked', 'false');
  await sw.click();
  await expect(page.getByText('Checkout Trust Badges enabled')).toBeVisible();
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await expect(stats.filter({ hasText: 'Active Workers' })).toContainText('1 / 8');
  await expect(trustCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('worker-card').getByText('Active', { exact: true })).toHaveCount(1);
  const [rule] = await admin.collection('optimization_rules').getFullList({ filter: `site_id = "${site.id}"` });
  expect(rule).toMatchObject({ rule_type: 'worker_checkout_trust', enabled: true });
  const script = await (await fetch(`http://127.0.0.1:${process.env.E2E_PORT ?? 8097}/t/${site.public_key}.js`)).text();
  expect(script).toContain(rule!.id);
});
