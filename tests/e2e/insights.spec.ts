import { expect, test } from '@playwright/test';
import { hydrated, stubShareNetworks } from './islands';

const monthFile = (month: string) => (url: URL) => url.pathname === `/insights/${month}.json`;

test('the default tab, October 2025, loads its articles on open', async ({ page }) => {
  const october = page.waitForResponse((res) => monthFile('2025-10')(new URL(res.url())));
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'CRO Insights Archive' })).toBeVisible();
  // The stated count is the archive's real one: 3 months of 5 articles.
  await expect(page.getByText('15 expert insights, about 5 a month, on conversion rate optimization')).toBeVisible();
  expect((await october).status()).toBe(200);

  await expect(page.getByRole('tab', { name: 'October 2025' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(5);
  const first = cards.first();
  await expect(first.getByRole('heading', { name: 'A 20-minute checkout friction audit' })).toBeVisible();
  await expect(first.getByText('Walk your own checkout like a first-time buyer')).toBeVisible();
  await expect(first.getByText(/^Most checkout problems are invisible.*\.\.\.$/)).toBeVisible();
  const link = first.getByRole('link', { name: /Read article/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(link).toHaveAttribute('href', /\/insights\/2025-10\/checkout-friction-audit$/);
});

test('other months load lazily, only when their tab is first opened', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (/^\/insights\/\d{4}-\d{2}\.json$/.test(path)) requested.push(path);
  });
  await page.goto('/insights');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(5);
  expect(requested).toEqual(['/insights/2025-10.json']);

  const september = page.waitForRequest((req) => monthFile('2025-09')(new URL(req.url())));
  await page.getByRole('tab', { name: 'September 2025' }).click();
  await september;
  await expect(page.getByRole('heading', { name: 'The five-second test for your value proposition' })).toBeVisible();
  expect(requested).toEqual(['/insights/2025-10.json', '/insights/2025-09.json']);

  // Back and forth again: no refetch.
  await page.getByRole('tab', { name: 'October 2025' }).click();
  await expect(page.getByRole('heading', { name: 'A 20-minute checkout friction audit' })).toBeVisible();
  await page.getByRole('tab', { name: 'September 2025' }).click();
  await expect(page.getByRole('heading', { name: 'Trust signals that belong at checkout' })).toBeVisible();
  expect(requested).toEqual(['/insights/2025-10.json', '/insights/2025-09.json']);
});

test('a missing month file shows the failure toast and the empty state; Load Articles retries', async ({ page }) => {
  await page.route('**/insights/2025-08.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto('/insights');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(5);
  await hydrated(page, 'Toaster');

  await page.getByRole('tab', { name: 'August 2025' }).click();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to fetch CRO articles for August 2025. Please try again later.')).toBeVisible();
  await expect(page.getByText('No articles found for August 2025. Click to load articles.')).toBeVisible();

  await page.unroute('**/insights/2025-08.json');
  await page.getByRole('button', { name: 'Load Articles' }).click();
  await expect(page.getByRole('heading', { name: 'The peeking problem: why stopping a test early lies to you' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(5);
});

test('a card shares on Twitter in a 600x400 popup with the title and the url', async ({ page }) => {
  await stubShareNetworks(page);
  await page.goto('/insights');
  const card = page.getByRole('tabpanel').getByRole('article').first();
  await expect(card).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Twitter' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
  expect(url.searchParams.get('text')).toBe('A 20-minute checkout friction audit - CRO Insights');
  expect(url.searchParams.get('url')).toBe(new URL('/insights/2025-10/checkout-friction-audit', page.url()).href);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 400]);

  const linkedin = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'LinkedIn' }).click();
  expect((await linkedin).url()).toContain('https://www.linkedin.com/sharing/share-offsite/?url=');
});

test('each article has its own indexed page with Article structured data and no JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/insights/2025-09/trust-signals-checkout', { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Trust signals that belong at checkout' })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((t) => JSON.parse(t)['@type'] === 'Article')).toBe(true);
  await page.goto('/insights');
  const archiveLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const collection = archiveLd.find((d) => d['@type'] === 'CollectionPage');
  expect(collection?.hasPart).toHaveLength(15);
  expect(collection?.hasPart[0]['@type']).toBe('Article');
});
