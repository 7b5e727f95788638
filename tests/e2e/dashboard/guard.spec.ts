// The guard, the not-found page, the admin page for admins only, the shell at both widths.
import { expect, test } from '@playwright/test';
import { createUser, signInBrowser, superuser, WIDTHS } from './helpers';

const SIDEBAR = [
  'Overview',
  'Speed & Tracking',
  'AI Analysis',
  'AI Engine',
  'CRO Workers',
  'Pattern Library',
  'Optimizations',
  'Session Replay',
  'Forms',
  'Funnels',
  'Ecommerce',
  'Surveys',
  'Integrations',
  'Reports',
  'A/B Tests',
  'Analytics',
  'Safety & Monitoring',
  'Team',
  'Settings',
];

test('a signed-out deep link lands on /auth', async ({ page }) => {
  await page.goto('/dashboard/integrations');
  await page.waitForURL('**/auth');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unknown dashboard route shows the not-found page', async ({ page }) => {
  const user = await createUser();
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/no-such-screen');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('a non-admin never sees the admin page; an admin does', async ({ page }) => {
  const user = await createUser();
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/admin');
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);

  const admin = await createUser();
  await (await superuser()).collection('user_roles').create({ user_id: admin.id, role: 'admin' });
  await signInBrowser(page, admin.pb);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Registrations' })).toBeVisible();
  await expect(page.getByTestId('admin-stats')).toContainText('Estimated Revenue');
});

test('Log Out signs out with its toast and goes to /auth', async ({ page }) => {
  const user = await createUser();
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Account' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['Profile', 'Account Settings', 'Log Out']);
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.waitForURL('**/auth');
  expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
});

for (const { name, viewport } of WIDTHS) {
  test(`the shell at ${name} width: sidebar entries in order, header, KPI strip without samples, LIVE KPI`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const user = await createUser();
    await signInBrowser(page, user.pb);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByLabel('LIVE KPI')).toContainText('LIVE KPI');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    if (viewport.width < 768) {
      await expect(nav).toHaveCount(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
    } else {
      // No site and no traffic yet: no sample figures, a hint instead.
      await expect(page.getByTestId('kpi-strip')).toContainText('No visits yet');
      await expect(page.getByTestId('kpi-strip')).not.toContainText('3.24%');
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(page.getByTestId('sidebar')).toHaveCSS('width', '64px');
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
    }
    await expect(nav.getByRole('link')).toHaveText(SIDEBAR);
    await nav.getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/dashboard\/team$/);
    if (viewport.width < 768) await expect(nav).toHaveCount(0);
  });
}
