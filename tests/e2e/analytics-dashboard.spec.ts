// The owner sees a visitor's real browsing and purchase on the Overview and Analytics screens,
// the LIVE KPI card follows new traffic without a reload, and Export Report downloads it as CSV tables.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addSite, createUser, newDomain, openFromSidebar, signInBrowser, superuser } from './dashboard/helpers';
import { visitorBrowser } from './visitors';
import { unzip } from '../helpers/unzip';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
// Visitors browse with a desktop Chrome user agent on every request (see visitors.ts).
const visitor = visitorBrowser();

test('the owner sees the visit and the purchase on Overview and Analytics; LIVE KPI follows new traffic', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('shop'))) as unknown as { id: string; public_key: string };
  await owner.pb.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });

  // A visitor browses and buys.
  const buyer = await visitor();
  const v = await buyer.newPage();
  await v.goto(`${SHOP}/?cro_key=${site.public_key}`);
  await v.getByRole('link', { name: 'Shop the Trail Shoe' }).click();
  await v.waitForURL('**/product');
  await v.getByRole('button', { name: 'Read reviews' }).click();
  await v.getByRole('link', { name: 'Add to cart' }).click();
  await v.waitForURL('**/cart');
  await v.getByRole('link', { name: 'Checkout' }).click();
  await v.getByRole('button', { name: 'Place order' }).click();
  await v.waitForURL('**/thank-you**');
  await expect
    .poll(async () => (await owner.pb.send(`/api/cro/kpis/${site.id}`, { requestKey: null })).today.conversions, { timeout: 15_000 })
    .toBe(1);
  await buyer.close();

  // Overview: the four KPI cards and the LIVE KPI card.
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  const card = (name: string) => page.getByTestId(`kpi-${name}`).getByTestId('kpi-value');
  await expect(card('sessions-today')).toHaveText('1');
  await expect(card('conversion-rate')).toHaveText('100.00%');
  // Nothing shipped yet: the measured revenue impact is 0, and the card says why.
  await expect(card('revenue-impact')).toHaveText('$0.0K');
  await expect(page.getByTestId('kpi-revenue-impact').getByTestId('revenue-impact-explanation')).toContainText('Nothing measured yet');
  const live = page.getByTestId('live-kpi');
  await expect(live.getByTestId('live-sessions')).toHaveText('1');
  await expect(live.getByTestId('live-conversions')).toHaveText('1');

  // A second visitor arrives: the LIVE KPI card changes without a reload.
  const second = await visitor();
  await (await second.newPage()).goto(`${SHOP}/?cro_key=${site.public_key}`);
  await expect(live.getByTestId('live-sessions')).toHaveText('2', { timeout: 15_000 });
  await expect(live.getByTestId('live-cvr')).toHaveText('50.00%');
  await expect(card('sessions-today')).toHaveText('2');
  await second.close();

  // Analytics: exactly the page views, the conversion and its revenue.
  await openFromSidebar(page, 'Analytics');
  await page.getByRole('button', { name: '7 days' }).click();
  const summary = (name: string) => page.getByTestId(`summary-${name}`).getByTestId('summary-value');
  await expect(summary('page-views')).toHaveText('7');
  await expect(summary('conversions')).toHaveText('1');
  await expect(summary('revenue')).toHaveText('$129.00');
  await expect(summary('visitors')).toHaveText('2');
  const pages = page.getByTestId('top-pages');
  await expect(pages.getByRole('row').nth(1)).toContainText('/thank-you');
  await expect(pages.getByRole('row').nth(1)).toContainText('$129.00');
  for (const path of ['/', '/product', '/product/reviews', '/cart', '/checkout']) {
    await expect(pages.getByRole('cell', { name: path, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('traffic-sources').getByRole('cell', { name: 'Direct', exact: true })).toBeVisible();
  await expect(page.getByTestId('devices').getByRole('cell', { name: 'desktop', exact: true })).toBeVisible();
  await expect(page.getByTestId('browsers').getByRole('cell', { name: 'Chrome', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Export Report' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV (zip)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^analytics-.*-7d-\d{4}-\d{2}-\d{2}\.zip$/);
  const tables = unzip(readFileSync((await download.path())!));
  expect(tables.get('top-pages.csv')!.toString()).toMatch(/^\/thank-you,1,1,1,129\.00,/m);
  expect(tables.get('summary.csv')!.toString()).toContain('Conversions,1,0,0.00');

  // AI Analysis: free sites see the upgrade card; on Growth the four stat cards show the week's
  // real figures (two sessions: the buyer's, and the second visitor's single-page bounce).
  await openFromSidebar(page, 'AI Analysis');
  await expect(page.getByTestId('ai-analysis-upgrade')).toContainText('7-day free trial');
  await expect(page.getByTestId('ai-analysis-stats')).toHaveCount(0);
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  await page.reload();
  const week = (await owner.pb.send(`/api/cro/kpis/${site.id}`, { requestKey: null })).week;
  expect(week.sessions).toBe(2);
  const stat = (name: string) => page.getByTestId(`ai-stat-${name}`).getByTestId('ai-stat-value');
  await expect(stat('total-sessions')).toHaveText('2');
  await expect(stat('avg-duration')).toHaveText(`${Math.round(week.avgDuration)}s`);
  await expect(stat('bounce-rate')).toHaveText('50.0%');
  await expect(stat('avg-scroll')).toHaveText(`${Math.round(week.avgScroll)}%`);
  await expect(page.getByTestId('ai-analysis-upgrade')).toHaveCount(0);
});
