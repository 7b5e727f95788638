// Helpers for the dashboard's e2e tests: accounts, sites and navigation at any width.
import { expect, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { E2E_PORT } from '../../../playwright.config';
import { SUPERUSER } from '../../helpers/pocketbase';
import { hydrated } from '../islands';
import { proveDomain as prove } from '../../helpers/domain-proof';
import { publishRecords } from '../standins/dns';

export const BASE = `http://127.0.0.1:${E2E_PORT}`;
export const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 375, height: 812 } },
] as const;

export const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
export const newDomain = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.test`;

export function client(): PocketBase {
  const pb = new PocketBase(BASE);
  pb.autoCancellation(false);
  return pb;
}

export async function superuser(): Promise<PocketBase> {
  const pb = client();
  await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return pb;
}

/** Creates a user through the API and returns a signed-in SDK client. */
export async function createUser(
  email = newEmail('e2e-dash'),
  password = 'kettle-Quartz-82',
): Promise<{ pb: PocketBase; email: string; password: string; id: string }> {
  const pb = client();
  await pb.collection('users').create({ email, password, passwordConfirm: password });
  const auth = await pb.collection('users').authWithPassword(email, password);
  return { pb, email, password, id: auth.record.id };
}

/** Signs the browser in with an SDK session (localStorage `pocketbase_auth`). */
export async function signInBrowser(page: Page, pb: PocketBase): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(
    (value) => localStorage.setItem('pocketbase_auth', value),
    JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record }),
  );
}

/** Signs up through /auth as a new user would; ends on the dashboard. */
export async function signUpViaAuth(page: Page, email: string, password = 'kettle-Quartz-82'): Promise<void> {
  await page.goto('/auth');
  await hydrated(page, 'AuthPanel');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard**');
}

/** Follows a sidebar entry, opening the mobile menu first when the sidebar is an overlay. */
export async function openFromSidebar(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label, exact: true }).click();
}

export async function addSite(pb: PocketBase, domain: string): Promise<{ id: string; nameserver_1: string; nameserver_2: string }> {
  return pb.collection('sites').create({ user_id: pb.authStore.record!.id, domain });
}

/**
 * Proves that a site controls its domain, as its owner would with a TXT record at the domain's DNS
 * host (the DNS stand-in): before that the install serves nothing of its zone and the edge routes
 * none of its hosts.
 */
export const proveDomain = (pb: PocketBase, siteId: string) => prove({ setRecords: publishRecords }, pb, siteId);

/** A toast's title and its message, both on screen. */
export async function expectToast(page: Page, title: string, message: string): Promise<void> {
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
}
