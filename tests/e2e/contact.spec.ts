import { expect, test } from '@playwright/test';
import PocketBase from 'pocketbase';
import { SUPERUSER } from '../helpers/pocketbase';
import { hydrated } from './islands';

/** A superuser client on the e2e server, to check what was really stored. */
async function admin(baseURL: string): Promise<PocketBase> {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return pb;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page, 'ContactForm');
  await hydrated(page, 'Toaster');
});

test('shows the contact cards', async ({ page }) => {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'hello@upliftly.se' })).toHaveAttribute('href', 'mailto:hello@upliftly.se');
  await expect(main.getByText('Sveavägen 44')).toBeVisible();
  await expect(main.getByText('Mon-Fri 9:00-18:00 CET')).toBeVisible();
  await expect(main.getByText('Weekends closed')).toBeVisible();
});

test('sends a message that the server stores', async ({ page, baseURL }) => {
  const subject = `Annual billing ${Date.now()}`;
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Can we pay for the Growth plan yearly instead of monthly?');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Message sent!')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue(''); // the form is cleared

  const pb = await admin(baseURL!);
  const stored = await pb.collection('contact_messages').getFirstListItem(pb.filter('subject = {:subject}', { subject }));
  expect(stored).toMatchObject({
    name: 'Grace Hopper',
    email: 'grace@example.com',
    message: 'Can we pay for the Growth plan yearly instead of monthly?',
  });
});

test('rejects an invalid email and stores nothing', async ({ page, baseURL }) => {
  const subject = `Invalid email ${Date.now()}`;
  let posted = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/cro/contact')) posted = true;
  });
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('This should never reach the server.');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('Message sent!')).toHaveCount(0);
  expect(posted).toBe(false);

  // The server refuses it too, with the same message, when the browser check is bypassed.
  const res = await page.request.post('/api/cro/contact', {
    data: { name: 'Grace', email: 'grace@example', subject, message: 'Bypassing the form check.' },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).data.email.message).toBe('Please enter a valid email address.');

  const pb = await admin(baseURL!);
  expect(
    (await pb.collection('contact_messages').getList(1, 1, { filter: pb.filter('subject = {:subject}', { subject }) })).totalItems,
  ).toBe(0);
});

test('names each missing field', async ({ page }) => {
  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const text of [
    'Please enter your name.',
    'Please enter your email address.',
    'Please enter a subject.',
    'Please enter a message.',
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
});
