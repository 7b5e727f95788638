import { expect, test } from '@playwright/test';

test('the landing page is served by the product server', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/CRO/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a dashboard deep link falls back to the dashboard page (whose guard sends visitors to /auth)', async ({ page }) => {
  const response = await page.goto('/dashboard/settings');
  expect(response?.status()).toBe(200);
  await page.waitForURL('**/auth');
});

test('an unknown path gets the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
});

test('the admin UI and the API answer on the same origin', async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  expect((await request.get('/_/')).status()).toBe(200);
});
