// The Content-Security-Policy as Chromium enforces it: every public page and every dashboard
// screen loads without a single policy violation (a blocked script would break the page).
import { expect, test, type Page } from '@playwright/test';
import { addSite, createUser, newDomain, signInBrowser } from './dashboard/helpers';
import { sitemapPaths, UNLISTED_PUBLIC_PATHS } from './site-pages';

const DASHBOARD = [
  '/dashboard',
  '/dashboard/analytics',
  '/dashboard/optimizations',
  '/dashboard/team',
  '/dashboard/settings',
  '/dashboard/integrations',
  '/dashboard/tracking-setup',
  '/dashboard/cro-workers',
  '/dashboard/library',
];

/** Collects the page's policy violations (blocked URI and directive) from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) fromConsole.push(m.text());
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

test('public pages load under the policy without violations', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  const found: string[] = [];
  for (const path of [...sitemapPaths(), ...UNLISTED_PUBLIC_PATHS]) {
    const res = await page.goto(path, { waitUntil: 'load' });
    expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    await page.waitForLoadState('networkidle');
    found.push(...(await violations()).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
});

test('dashboard screens load under the policy without violations', async ({ page }) => {
  test.setTimeout(240_000);
  const user = await createUser();
  await addSite(user.pb, newDomain('csp'));
  await signInBrowser(page, user.pb);
  const violations = await recordViolations(page);
  const found: string[] = [];
  for (const path of DASHBOARD) {
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('main h1').first()).toBeVisible();
    found.push(...(await violations()).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
});
