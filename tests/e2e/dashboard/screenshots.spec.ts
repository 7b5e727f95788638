// Screenshots of every dashboard screen at both widths, for people to look at after `npm test`:
// tests/artifacts/screenshots/<width>-<screen>.png (ignored by git).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { addSite, createUser, newDomain, signInBrowser, superuser, WIDTHS } from './helpers';

const DIR = resolve(import.meta.dirname, '../../artifacts/screenshots');
const SCREENS = [
  '',
  'tracking-setup',
  'ai-analysis',
  'ai-engine',
  'cro-workers',
  'library',
  'recordings',
  'funnels',
  'integrations',
  'reports',
  'tests',
  'analytics',
  'safety',
  'team',
  'settings',
  'optimizations',
  'admin',
  'no-such-screen',
];

// One test per screen and width: a slow or stuck capture names its screen, and no screen spends
// another's time (the whole loop as one test once ran out of its budget on a busy machine).
for (const { name, viewport } of WIDTHS) {
  for (const screen of SCREENS) {
    test(`screenshot the ${screen || 'overview'} screen at ${name} width`, async ({ page }) => {
      mkdirSync(DIR, { recursive: true });
      await page.setViewportSize(viewport);
      const user = await createUser();
      await addSite(user.pb, newDomain('shots'));
      await (await superuser()).collection('user_roles').create({ user_id: user.id, role: 'admin' });
      await signInBrowser(page, user.pb);
      await page.goto(`/dashboard${screen ? `/${screen}` : ''}`);
      await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${DIR}/${name}-${screen || 'overview'}.png`, fullPage: true });
    });
  }
}
