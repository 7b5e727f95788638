// Settings -> Optimization in Chromium: the owner changes the site's settings, they are stored, and
// the change shows in Safety's audit log; a viewer sees the settings but cannot change them.
import { expect, test } from '@playwright/test';
import { addSite, createUser, openFromSidebar, signInBrowser, superuser } from './helpers';

test('the owner saves the site settings and the audit log records the change; a viewer cannot', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const site = await addSite(owner.pb, `settings-${Date.now().toString(36)}.test`);
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Optimization' }).click();
  // Plan usage: shown for every plan, against the limit where the plan has one.
  await expect(page.getByTestId('usage-sentence')).toHaveText('0 visitors this month (not metered on this plan)');
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'starter' });
  await expect(page.getByTestId('usage-sentence')).toHaveText('0 of 25,000 visitors this month (0%)');
  await expect(page.getByTestId('kpi-usage')).toHaveText('Plan usage0%');
  const form = page.getByTestId('site-settings');
  await expect(form.getByLabel('Error threshold (%)')).toHaveValue('5');
  await form.getByLabel('Error threshold (%)').fill('0');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(form.getByRole('alert')).toHaveText('The error threshold must be between 0.1% and 100%.');

  await form.getByLabel('Error threshold (%)').fill('3');
  await form.getByLabel('Data retention').selectOption({ label: '30 days' });
  await form.getByLabel('Staging domain').fill('staging.example-shop.com');
  await form.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect.poll(async () => (await admin.collection('sites').getOne(site.id)).retention_days).toBe(30);
  expect(await admin.collection('sites').getOne(site.id)).toMatchObject({
    error_threshold_percentage: 3,
    staging_domain: 'staging.example-shop.com',
  });

  await openFromSidebar(page, 'Safety & Monitoring');
  await page.getByRole('tab', { name: /Audit Log/ }).click();
  await expect(page.getByTestId('audit-entry').first()).toContainText(
    'Error threshold: 5% -> 3%; Data retention: default -> 30 days; Staging domain: none -> staging.example-shop.com',
  );

  // A viewer of the same site sees the values, read-only.
  const viewer = await createUser();
  await admin
    .collection('site_members')
    .create({ site_id: site.id, user_id: viewer.id, email: viewer.email, role: 'viewer', status: 'active' });
  await viewer.pb.collection('users').authRefresh();
  await signInBrowser(page, viewer.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Optimization' }).click();
  await expect(form.getByText("Only the site's owner and admins can change these settings.")).toBeVisible();
  await expect(form.getByLabel('Error threshold (%)')).toHaveValue('3');
  await expect(form.getByLabel('Error threshold (%)')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
});
