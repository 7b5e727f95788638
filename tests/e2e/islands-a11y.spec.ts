// axe on the islands' interactive states, which a crawl of freshly loaded pages never sees:
// ROI results, contact field errors, loaded insights cards and the open share menu.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { hydrated } from './islands';

test('ROI results', async ({ page }) => {
  await page.goto('/roi-calculator');
  await hydrated(page, 'RoiCalculator');
  await page.getByLabel('Monthly visitors').fill('10000');
  await page.getByLabel('Conversion rate (%)').fill('2');
  await page.getByLabel('Average order value ($)').fill('100');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('roi-low')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('contact form with field errors', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page, 'ContactForm');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('insights cards and the open share menu', async ({ page }) => {
  await page.goto('/insights');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(5);
  await hydrated(page, 'ShareMenu');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page);
});
