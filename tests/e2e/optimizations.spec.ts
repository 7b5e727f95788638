// Pattern Library and Optimizations in Chromium: featured patterns, category counts, search, Deploy
// from a template, Request Pattern; the rule editor, drafts on free plans with Upgrade, Deploy.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { SUPERUSER } from '../helpers/pocketbase';
import { E2E_PORT } from '../../playwright.config';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

async function signedInOwner(page: Page, planTier: string) {
  const client = new PocketBase(BASE);
  client.autoCancellation(false);
  const email = `opt-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await client.collection('users').create({ email, password: 'secret-pass-1', passwordConfirm: 'secret-pass-1' });
  const auth = await client.collection('users').authWithPassword(email, 'secret-pass-1');
  const site = await client.collection('sites').create({ user_id: auth.record.id, domain: `opt-${Date.now()}.example.com` });
  const admin = new PocketBase(BASE);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  await admin.collection('sites').update(site.id, { plan_tier: planTier });
  await page.goto('/');
  await page.evaluate(
    (value) => localStorage.setItem('pocketbase_auth', value),
    JSON.stringify({ token: client.authStore.token, record: client.authStore.record }),
  );
  return { client, admin, site, userId: auth.record.id };
}

test('library: featured, tabs with counts, search, deploy from a template and request a pattern', async ({ page }) => {
  const { admin, site, userId } = await signedInOwner(page, 'growth');
  const total = (await admin.collection('cro_patterns').getList(1, 1)).totalItems;
  const checkout = (await admin.collection('cro_patterns').getList(1, 1, { filter: 'category = "checkout"' })).totalItems;
  expect(total).toBeGreaterThanOrEqual(30);

  await page.goto('/dashboard/library');
  await expect(page.getByRole('heading', { name: 'Pattern Library' })).toBeVisible();
  await expect(page.getByTestId('featured-patterns').getByTestId('pattern-card')).toHaveCount(2);
  await expect(page.getByRole('tab', { name: `All (${total})` })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pattern-grid').getByTestId('pattern-card')).toHaveCount(total);
  for (const label of ['Conversion', 'Trust', 'Forms', 'Checkout', 'Mobile', 'Pricing'])
    await expect(page.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) })).toBeVisible();
  // Up to 3 tags per card: the seed gives "Benefit-led call to action" 4 tags.
  const benefit = page.getByTestId('featured-patterns').getByTestId('pattern-card').filter({ hasText: 'Benefit-led call to action' });
  for (const tag of ['cta', 'copywriting', 'buttons']) await expect(benefit.getByText(tag, { exact: true })).toBeVisible();
  await expect(benefit.getByText('quick-win', { exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: `Checkout (${checkout})` }).click();
  await expect(page.getByTestId('pattern-grid').getByTestId('pattern-card')).toHaveCount(checkout);
  await page.getByRole('tab', { name: /^All/ }).click();
  await page.getByLabel('Search patterns').fill('guest checkout');
  await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
  const card = page.getByTestId('pattern-grid').getByTestId('pattern-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading')).toHaveText('Guest checkout first');

  await card.getByRole('button', { name: 'Deploy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deploy Guest checkout first' });
  await expect(dialog.getByLabel('Element (CSS selector)')).toHaveValue('.checkout-login-required, .create-account-gate');
  await dialog.getByLabel('Element (CSS selector)').fill('#login-wall');
  await dialog.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByText('Optimization Deployed!')).toBeVisible();
  const rules = await admin.collection('optimization_rules').getFullList({ filter: `site_id = "${site.id}"` });
  expect(rules).toHaveLength(1);
  expect(rules[0]).toMatchObject({
    name: 'Guest checkout first',
    enabled: true,
    rollout_percentage: 10,
    auto_rollback_enabled: true,
    selector: '#login-wall',
    url_pattern: '/checkout*',
    changes: [{ type: 'hide' }],
  });

  // The toast sits at the top right, over the header's Request Pattern button when its text wraps to
  // three lines (the site's name is long), and a toast under the pointer never dismisses itself:
  // the owner closes it first, as a person would.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await page.getByRole('button', { name: 'Request Pattern' }).click();
  const req = page.getByRole('dialog', { name: 'Request Pattern' });
  await req.getByLabel('Pattern name').fill('Exit-intent survey');
  await req.getByLabel('Category').selectOption('conversion');
  await req.getByLabel('What should it do?').fill('short');
  await req.getByRole('button', { name: 'Send Request' }).click();
  await expect(req.getByRole('alert')).toHaveText('Describe the pattern in at least 10 characters.');
  await req.getByLabel('What should it do?').fill('Ask leaving visitors one question about what stopped them.');
  await req.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Pattern requested')).toBeVisible();
  const requests = await admin.collection('pattern_requests').getFullList({ filter: `user_id = "${userId}"` });
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ name: 'Exit-intent survey', status: 'new', site_id: site.id });
});

test('optimizations on a free plan: a draft from the editor, Upgrade instead of Deploy; after upgrading, Deploy', async ({ page }) => {
  const { admin, site } = await signedInOwner(page, 'free');
  await page.goto('/dashboard/optimizations');
  await expect(page.getByText('No optimizations yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade' }).first()).toHaveAttribute('href', '/pricing');
  await expect(page.getByTestId('suggestion-card')).toHaveCount(4);

  await page.getByRole('button', { name: 'Add Optimization' }).click();
  const editor = page.getByRole('dialog', { name: 'Add Optimization' });
  await editor.getByLabel('Name', { exact: true }).fill('Checkout button copy');
  await editor.getByLabel('Rule type').fill('cta_text');
  await editor.getByLabel('Pages (URL pattern)').fill('/checkout*');
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Enter the CSS selector of the elements to change.');
  await editor.getByLabel('Elements (CSS selector)').fill('#pay');
  await editor.getByLabel('Change 1 value').fill('Complete secure checkout');
  await expect(editor.getByRole('button', { name: 'Deploy' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Optimization saved')).toBeVisible();
  await expect(editor.getByRole('link', { name: /cro_preview=/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://${site.domain.replace(/\./g, '\\.')}/checkout\\?cro_preview=\\w+$`),
  );
  await editor.getByRole('button', { name: 'Cancel' }).click();

  const card = page.getByTestId('optimization-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Draft')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await expect(card.getByRole('switch')).toBeDisabled();
  const [rule] = await admin.collection('optimization_rules').getFullList({ filter: `site_id = "${site.id}"` });
  expect(rule).toMatchObject({ enabled: false, selector: '#pay', changes: [{ type: 'set_text', value: 'Complete secure checkout' }] });

  // Search and the status filter.
  await page.getByLabel('Search optimizations').fill('nothing-like-this');
  await expect(page.getByText('No optimizations match')).toBeVisible();
  await page.getByLabel('Search optimizations').fill('checkout');
  await page.getByLabel('Status').selectOption('live');
  await expect(page.getByText('No optimizations match')).toBeVisible();
  await page.getByLabel('Status').selectOption('draft');
  await expect(card).toHaveCount(1);

  await admin.collection('sites').update(site.id, { plan_tier: 'starter' });
  await page.reload();
  await card.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByText('Optimization Deployed!')).toBeVisible();
  await page.getByLabel('Status').selectOption('live');
  await expect(card.getByText('Live')).toBeVisible();
  await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  expect((await admin.collection('optimization_rules').getOne(rule!.id)).enabled).toBe(true);

  // Deploy Now: every draft shown goes live after a confirmation.
  await admin.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Hide promo',
    rule_type: 'hide_element',
    selector: '.promo',
    changes: [{ type: 'hide' }],
    enabled: false,
    rollout_percentage: 25,
  });
  await page.getByLabel('Status').selectOption('all');
  await page.getByLabel('Search optimizations').fill('');
  await expect(page.getByTestId('optimization-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Deploy Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deploy all drafts?' });
  await expect(confirm).toContainText('Hide promo (25%)');
  await confirm.getByRole('button', { name: 'Deploy Now' }).click();
  await expect(page.getByText('1 optimization now live.')).toBeVisible();
  expect((await admin.collection('optimization_rules').getFullList({ filter: `site_id = "${site.id}" && enabled = true` })).length).toBe(2);
  await expect(page.getByRole('button', { name: 'Deploy Now' })).toBeDisabled();
});
