// The contact form works without JavaScript: the browser checks the fields itself, the plain post
// is stored and lands on a confirmation page, and the server explains what it refused.
import { expect, test } from '@playwright/test';
import PocketBase from 'pocketbase';
import { SUPERUSER } from '../helpers/pocketbase';

test.use({ javaScriptEnabled: false });

async function storedWithSubject(baseURL: string, subject: string) {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return pb.collection('contact_messages').getFullList({ filter: pb.filter('subject = {:subject}', { subject }) });
}

test('a message sent without JavaScript is stored and confirmed on its own page', async ({ page, baseURL }) => {
  const subject = `No script ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Sent from a browser with scripts turned off.');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Message sent!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send another message' })).toHaveAttribute('href', '/contact');
  expect(await storedWithSubject(baseURL!, subject)).toMatchObject([{ name: 'Grace Hopper', email: 'grace@example.com' }]);
});

test('the browser refuses an invalid email before posting', async ({ page }) => {
  let posted = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/cro/contact')) posted = true;
  });
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Subject').fill('Hello');
  await page.getByLabel('Message').fill('Hello there.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  await expect(page).toHaveURL(/\/contact$/);
  expect(posted).toBe(false);
});
