// Accounts in Chromium: sign up (and the welcome mail), log out, log in, and the refusals.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './islands';
import { waitForMail } from './mailbox';

const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function openAuth(page: Page) {
  await page.goto('/auth');
  await hydrated(page, 'AuthPanel');
}
async function fill(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}
const session = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('pocketbase_auth') ?? 'null') as { token?: string; record?: { email?: string } } | null,
  );

test('sign up lands on the dashboard and the welcome mail arrives; log out; log in again', async ({ page }) => {
  const email = newEmail('e2e-signup');
  await openAuth(page);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await fill(page, email, 'kettle-Quartz-81');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Welcome! 🎉')).toBeVisible();
  await expect(page.getByText('Your account has been created. Check your email for a welcome message!')).toBeVisible();
  await page.waitForURL('**/dashboard');
  expect((await session(page))?.record?.email).toBe(email);

  const mail = await waitForMail(email, 'Welcome');
  expect(mail.subject).toBe(`Welcome to Upliftly, ${email.split('@')[0]}!`);
  expect(mail.text).toContain(`Hi ${email.split('@')[0]},`);

  // Log out from the account menu: the session is dropped, and /auth stays put.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL('**/auth');
  await hydrated(page, 'AuthPanel');
  expect(await session(page)).toBeNull();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('tab', { name: 'Login' }).click();
  await fill(page, email, 'kettle-Quartz-81');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  expect((await session(page))?.token).toBeTruthy();

  // A session on /auth goes straight to the dashboard.
  await page.goto('/auth');
  await page.waitForURL('**/dashboard');
});

test('a wrong password shows Sign in failed with the server message', async ({ page, request }) => {
  const email = newEmail('e2e-wrong');
  const created = await request.post('/api/collections/users/records', {
    data: { email, password: 'right-pass', passwordConfirm: 'right-pass' },
  });
  expect(created.ok()).toBe(true);
  await openAuth(page);
  await page.getByRole('tab', { name: 'Login' }).click();
  await fill(page, email, 'wrong-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Failed to authenticate.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await session(page)).toBeNull();
});

test('the forms validate before calling the server, and a taken email shows Sign up failed', async ({ page, request }) => {
  await openAuth(page);
  await expect(page.getByText('At least 8 characters, not a common password')).toBeVisible();
  await fill(page, 'not-an-email', '1234567');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByRole('tab', { name: 'Login' }).click();
  await fill(page, '', '');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  const email = newEmail('e2e-taken');
  await request.post('/api/collections/users/records', {
    data: { email, password: 'kettle-Quartz-81', passwordConfirm: 'kettle-Quartz-81' },
  });
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await fill(page, email, 'kettle-Quartz-81');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Sign up failed')).toBeVisible();
  await expect(page.getByText(/Email: /)).toBeVisible();
});

test('forgot password mails a link to the reset page, which sets a new password', async ({ page, request }) => {
  const email = newEmail('e2e-reset');
  await request.post('/api/collections/users/records', { data: { email, password: 'old-pass', passwordConfirm: 'old-pass' } });
  await openAuth(page);
  await expect(page.getByText('Need help? Contact our support team at')).toBeVisible();
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const mail = await waitForMail(email, 'Reset');
  const link = /href="([^"]+\/auth\/reset-password\?token=[^"]+)"/.exec(mail.html)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await page.getByLabel('New password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Confirm new password').fill('new-pass-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  const login = await request.post('/api/collections/users/auth-with-password', { data: { identity: email, password: 'new-pass-1' } });
  expect(login.ok()).toBe(true);
});
