// axe on the account and pricing screens, including their interactive states.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './islands';

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  expect(blocking, blocking.join('\n')).toEqual([]);
}

test('/auth with validation errors, and the forgot-password form', async ({ page }) => {
  await page.goto('/auth');
  await hydrated(page, 'AuthPanel');
  await expect(page).toHaveTitle(/Sign Up or Log In/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await noSeriousViolations(page);
});

test('/auth/reset-password and /auth/verify, including a bad token', async ({ page }) => {
  await page.goto('/auth/reset-password?token=abc');
  await hydrated(page, 'AuthResetPassword');
  await noSeriousViolations(page);
  await page.goto('/auth/verify?token=not-a-token');
  await expect(page.getByText('Verification failed')).toBeVisible();
  await noSeriousViolations(page);
});

test('/pricing with the Book Demo dialog open', async ({ page }) => {
  await page.goto('/pricing');
  await hydrated(page, 'PricingPlans');
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'Book Demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await noSeriousViolations(page);
});
