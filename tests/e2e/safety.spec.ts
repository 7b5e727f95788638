// Safety & Monitoring in Chromium: the summary, the Safety Controls of a rule (switches, rollout
// slider captions and Apply), the audit entries the server writes, manual rollback and realtime.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { SUPERUSER } from '../helpers/pocketbase';
import { E2E_PORT } from '../../playwright.config';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

async function superuser() {
  const admin = new PocketBase(BASE);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return admin;
}

async function signedInOwner(page: Page, planTier: string) {
  const client = new PocketBase(BASE);
  client.autoCancellation(false);
  const email = `safety-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await client.collection('users').create({ email, password: 'secret-pass-1', passwordConfirm: 'secret-pass-1' });
  const auth = await client.collection('users').authWithPassword(email, 'secret-pass-1');
  const site = await client.collection('sites').create({
    user_id: auth.record.id,
    domain: `shop-${Date.now()}.example.com`,
    optimization_enabled: true,
    error_threshold_percentage: 5,
  });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: planTier, health_status: 'healthy' });
  await page.goto('/');
  await page.evaluate(
    (value) => localStorage.setItem('pocketbase_auth', value),
    JSON.stringify({ token: client.authStore.token, record: client.authStore.record }),
  );
  return { client, admin, site };
}

test('rules, Safety Controls, audit entries, manual rollback and realtime health metrics', async ({ page }) => {
  // A long flow (eight visitors, or five screens' worth of steps): about 20 s on a quiet machine, so
  // it gets the budget of the other long flows rather than the default 30 s.
  test.setTimeout(60_000);
  const { client, admin, site } = await signedInOwner(page, 'growth');
  const rules = client.collection('optimization_rules');
  const live = await rules.create({
    site_id: site.id,
    name: 'Checkout copy',
    rule_type: 'cta_text',
    priority: 10,
    enabled: true,
    rollout_percentage: 50,
    url_pattern: '/checkout*',
    selector: '#pay',
    changes: [{ type: 'set_text', value: 'Complete secure checkout' }],
  });
  await rules.create({
    site_id: site.id,
    name: 'Trust badges',
    rule_type: 'trust_badge',
    priority: 1,
    enabled: false,
    rollout_percentage: 0,
    selector: '#pay',
    changes: [{ type: 'insert_after', value: '<p>Secure</p>' }],
  });

  await page.goto('/dashboard/safety');
  await expect(page.getByRole('heading', { name: 'Safety & Monitoring' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(site.domain) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('summary-optimization-status')).toContainText('Active');
  await expect(page.getByTestId('summary-health-status')).toContainText('Healthy');
  await expect(page.getByTestId('summary-active-rules')).toContainText('1 / 2');
  await expect(page.getByTestId('summary-error-threshold')).toContainText('5%');
  await expect(page.getByRole('tab', { name: /Optimization Rules/ })).toHaveAttribute('aria-selected', 'true');

  // Rules by priority, descending: the enabled one first.
  const cards = page.getByTestId('safety-rule');
  await expect(cards).toHaveCount(2);
  const first = cards.nth(0);
  const second = cards.nth(1);
  await expect(first.getByRole('heading', { name: 'cta_text' })).toBeVisible();
  await expect(first.getByText('Priority: 10')).toBeVisible();
  await expect(first.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(first.getByText('Healthy')).toBeVisible();
  await expect(second.getByText('Disabled', { exact: true }).first()).toBeVisible();
  await expect(second.getByLabel('Traffic Rollout')).toBeDisabled();
  await expect(second.getByRole('button', { name: 'Manual Rollback' })).toBeDisabled();
  await expect(second.getByTestId('rollout-caption')).toHaveText('Not active - increase to start rollout');

  // The slider: captions and Apply only when changed.
  const slider = first.getByLabel('Traffic Rollout');
  const apply = first.getByRole('button', { name: 'Apply' });
  const caption = first.getByTestId('rollout-caption');
  await expect(caption).toHaveText('Active for 50% of visitors');
  await expect(apply).toBeDisabled();
  await slider.focus();
  await page.keyboard.press('End');
  await expect(caption).toHaveText('Active for all visitors');
  await expect(apply).toBeEnabled();
  await page.keyboard.press('Home');
  await expect(caption).toHaveText('Not active - increase to start rollout');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(caption).toHaveText('Active for 50% of visitors');
  await expect(apply).toBeDisabled();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(caption).toHaveText('Active for 75% of visitors');
  await apply.click();
  await expect(page.getByText('Rollout percentage updated')).toBeVisible();
  await expect(apply).toBeDisabled();
  expect((await admin.collection('optimization_rules').getOne(live.id)).rollout_percentage).toBe(75);

  // The switches.
  const testing = first.getByRole('switch', { name: 'Testing Mode' });
  await expect(testing).toHaveAccessibleDescription('Test on staging domain before going live');
  await expect(testing).toHaveAttribute('aria-checked', 'false');
  await testing.click();
  await expect(page.getByText('Testing Mode updated successfully')).toBeVisible();
  await expect(testing).toHaveAttribute('aria-checked', 'true');
  const auto = first.getByRole('switch', { name: 'Automatic Rollback' });
  await expect(auto).toHaveAccessibleDescription('Automatically disable if error threshold exceeded');
  await auto.click();
  await expect(page.getByText('Automatic Rollback updated successfully')).toBeVisible();
  await expect(auto).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('tab', { name: /Audit Log/ }).click();
  const audit = page.getByTestId('audit-entry');
  await expect(audit.filter({ hasText: 'Rollout percentage changed to 75%' })).toHaveCount(1);
  await expect(audit.filter({ hasText: 'User enabled testing_mode' })).toHaveCount(1);
  await expect(audit.filter({ hasText: 'User enabled auto_rollback_enabled' })).toHaveCount(1);

  // Health metrics: empty, then a metric written by the server appears through realtime.
  await page.getByRole('tab', { name: /Health Metrics/ }).click();
  await expect(page.getByText('No health metrics recorded yet.')).toBeVisible();
  await admin
    .collection('optimization_health_metrics')
    .create({ site_id: site.id, rule_id: live.id, metric_type: 'error_rate', value: 7.5, threshold_exceeded: true });
  await expect(page.getByTestId('health-metric')).toContainText('error_rate');
  await expect(page.getByTestId('health-metric')).toContainText('7.5%');
  await expect(page.getByTestId('health-metric').getByText('Threshold Exceeded')).toBeVisible();

  // Manual rollback: Cancel keeps the rule; Rollback disables it and records the rollback.
  await page.getByRole('tab', { name: /Rollback History/ }).click();
  await expect(page.getByText('No rollbacks recorded.')).toBeVisible();
  await page.getByRole('tab', { name: /Optimization Rules/ }).click();
  await first.getByRole('button', { name: 'Manual Rollback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rollback Optimization?' });
  await expect(dialog).toContainText('immediately disable this optimization and restore the previous settings');
  await expect(dialog).toContainText('Visitors will no longer see this optimization.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await admin.collection('optimization_rules').getOne(live.id)).enabled).toBe(true);

  await first.getByRole('button', { name: 'Manual Rollback' }).click();
  await dialog.getByRole('button', { name: 'Rollback' }).click();
  await expect(page.getByText('Optimization rolled back successfully')).toBeVisible();
  await expect(page.getByTestId('summary-active-rules')).toContainText('0 / 2');
  const rolledBack = await admin.collection('optimization_rules').getOne(live.id);
  expect(rolledBack.enabled).toBe(false);
  expect(rolledBack.auto_rollback_enabled).toBe(false); // the previous setting is restored
  await expect(page.getByTestId('safety-rule').nth(0).getByText('Disabled', { exact: true }).first()).toBeVisible();
  // Rolled back at 75%: it reaches nobody, and the caption says so.
  await expect(page.getByTestId('safety-rule').nth(0).getByTestId('rollout-caption')).toHaveText('Off - shown to no visitors');

  await page.getByRole('tab', { name: /Rollback History/ }).click();
  const rb = page.getByTestId('rollback-entry');
  await expect(rb).toHaveCount(1);
  await expect(rb).toContainText('manual');
  await expect(rb).toContainText('Manual rollback requested by user');
  await page.getByRole('tab', { name: /Audit Log/ }).click();
  await expect(audit.filter({ hasText: 'rolled_back' })).toContainText('Manual rollback requested by user');
});

test('a site without rules shows the empty states, and a new draft arrives through realtime', async ({ page }) => {
  const { client, site } = await signedInOwner(page, 'free');
  await page.goto('/dashboard/safety');
  await expect(page.getByText('No optimization rules found. Create some rules to get started.')).toBeVisible();
  await page.getByRole('tab', { name: /Audit Log/ }).click();
  await expect(page.getByText('No audit entries yet.')).toBeVisible();
  await expect(page.getByTestId('summary-active-rules')).toContainText('0 / 0');

  // A draft appears through realtime; enabling on a free plan is refused by the server.
  await client.collection('optimization_rules').create({
    site_id: site.id,
    rule_type: 'hide_popup',
    priority: 0,
    enabled: false,
    rollout_percentage: 0,
    selector: '.popup',
    changes: [{ type: 'hide' }],
  });
  await page.getByRole('tab', { name: /Optimization Rules/ }).click();
  await expect(page.getByTestId('safety-rule')).toHaveCount(1);
  await expect(page.getByTestId('summary-active-rules')).toContainText('0 / 1');
});
