// The dashboard never shows sample figures as data: a new account sees '—' and a hint, one tracked
// visit shows as that visit, a failed load shows the fallbacks labelled as unavailable, a negative
// change is red, and the Overview lists the site's deployed rules with a way to all of them.
import { expect, test } from '@playwright/test';
import { visitorBrowser } from '../visitors';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './helpers';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitor = visitorBrowser();

test('a new site shows no sample numbers; after one tracked visit the header shows that visit', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('fresh'))) as unknown as { id: string; public_key: string };
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');
  const strip = page.getByTestId('kpi-strip');
  await expect(strip).toHaveAttribute('data-status', 'empty');
  await expect(strip).toContainText('No visits yet');
  await expect(strip).not.toContainText('3.24%');
  await expect(strip).not.toContainText('8,429');
  await expect(page.getByTestId('kpi-conversion-rate').getByTestId('kpi-value')).toHaveText('—');

  const ctx = await visitor();
  await (await ctx.newPage()).goto(`${SHOP}/?cro_key=${site.public_key}`);
  await expect
    .poll(async () => (await owner.pb.send(`/api/cro/kpis/${site.id}`, { requestKey: null })).month.visitors, { timeout: 15_000 })
    .toBe(1);
  await ctx.close();

  await page.reload();
  await expect(strip).toHaveAttribute('data-status', 'ready');
  await expect(strip.getByText('Visitors').locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  await expect(strip).toContainText('0.00%');
  await expect(strip).not.toContainText('No visits yet');
});

test('a failed load shows the fallbacks labelled as unavailable; a negative change is red', async ({ page }) => {
  const owner = await createUser();
  await addSite(owner.pb, newDomain('fail'));
  await signInBrowser(page, owner.pb);
  await page.route('**/api/cro/kpis/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.goto('/dashboard');
  const strip = page.getByTestId('kpi-strip');
  await expect(strip).toHaveAttribute('data-status', 'error');
  await expect(strip).toContainText('3.24%');
  await expect(strip).toContainText('(unavailable)');
  await expect(strip).toHaveAttribute('title', /not your data/);

  // The server's real answer with a week that fell: the change is written with its sign, in red.
  // The failed page is left first: a load it retries after the 503 would otherwise meet the new
  // route and be cut off by the reload, its fetched response disposed under the handler.
  await page.goto('about:blank');
  await page.unroute('**/api/cro/kpis/**');
  await page.route('**/api/cro/kpis/**', async (route) => {
    const real = await route.fetch();
    const body = await real.json();
    await route.fulfill({
      response: real,
      json: { ...body, hasData: true, week: { ...body.week, conversionRate: 2 }, changes: { ...body.changes, conversionRate: -12.5 } },
    });
  });
  await page.goto('/dashboard');
  await expect(strip).toHaveAttribute('data-status', 'ready');
  const change = strip.getByText('-12.5%');
  await expect(change).toBeVisible();
  await expect(change).toHaveClass(/text-red-700/);
  const cardChange = page.getByTestId('kpi-conversion-rate').getByText('-12.5%');
  await expect(cardChange).toHaveClass(/text-red-700/);
});

test('the Overview lists the deployed rules; Optimizations is reached from the sidebar and the card', async ({ page }) => {
  const owner = await createUser();
  const site = await addSite(owner.pb, newDomain('rules'));
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'starter' });
  const rules = admin.collection('optimization_rules');
  await rules.create({
    site_id: site.id,
    name: 'Clear checkout label',
    rule_type: 'cta_text',
    selector: '#pay',
    changes: [{ type: 'set_text', value: 'Pay now' }],
    enabled: true,
  });
  await rules.create({
    site_id: site.id,
    name: 'Draft only',
    rule_type: 'hide_element',
    selector: '.promo',
    changes: [{ type: 'hide' }],
    enabled: false,
  });
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');

  const card = page.getByTestId('active-optimizations');
  await expect(card.getByTestId('active-optimization')).toHaveCount(1);
  await expect(card.getByTestId('active-optimization')).toContainText('Clear checkout label');
  await expect(card.getByTestId('active-optimization')).toContainText('running');
  await expect(card).not.toContainText('Draft only');

  await card.getByRole('link', { name: 'Manage optimizations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/optimizations$/);
  await expect(page.getByTestId('optimization-card')).toHaveCount(2);

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(card).toBeVisible();
  await nav.getByRole('link', { name: 'Optimizations', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/optimizations$/);
});
