// axe on the account and pricing screens, including their interactive states.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { hydrated } from './islands';

test('/auth with validation errors, and the forgot-password form', async ({ page }) => {
  await page.goto('/auth');
  await hydrated(page, 'AuthPanel');
  await expect(page).toHaveTitle(/Sign Up or Log In/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expectNoSeriousViolations(page);
});

test('/auth/reset-password and /auth/verify, including a bad token', async ({ page }) => {
  await page.goto('/auth/reset-password?token=abc');
  await hydrated(page, 'AuthResetPassword');
  await expectNoSeriousViolations(page);
  await page.goto('/auth/verify?token=not-a-token');
  await expect(page.getByText('Verification failed')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('/pricing with the Book Demo dialog open', async ({ page }) => {
  await page.goto('/pricing');
  await hydrated(page, 'PricingPlans');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Book Demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page);
});
