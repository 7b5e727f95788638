import { expect, test } from '@playwright/test';
import { hydrated, stubShareNetworks } from './islands';

test.beforeEach(async ({ page }) => {
  await stubShareNetworks(page);
  await page.goto('/insights');
  await hydrated(page, 'ShareMenu');
  await hydrated(page, 'Toaster');
});

test('copy link shows Copied! for 2 seconds and puts the page url on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share' }).click();
  const clickedAt = Date.now();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copied!' })).toBeVisible();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // 'Copied!' lasts 2 seconds from the copy, which happens after the click.
  await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible({ timeout: 5000 });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);
});

test('a failed copy says so', async ({ page }) => {
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Failed to copy')).toBeVisible();
});

test('X, LinkedIn and Facebook open a popup with this page', async ({ page }) => {
  const pageUrl = page.url();
  const expected: Record<string, string> = {
    'Share on X': `https://twitter.com/intent/tweet?text=${encodeURIComponent('CRO Insights Archive: expert conversion rate optimization insights every month')}&url=${encodeURIComponent(pageUrl)}`,
    'Share on LinkedIn': `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`,
    'Share on Facebook': `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
  };
  for (const [name, url] of Object.entries(expected)) {
    await page.getByRole('button', { name: 'Share' }).click();
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('menuitem', { name }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(url);
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 600]);
    await popup.close();
  }
});

test.describe('with the browser share sheet', () => {
  async function stubShare(page: import('@playwright/test').Page, outcome: 'resolve' | 'abort' | 'fail') {
    await page.addInitScript((o) => {
      Object.defineProperty(navigator, 'share', {
        value: () =>
          o === 'resolve'
            ? Promise.resolve()
            : Promise.reject(o === 'abort' ? new DOMException('cancelled', 'AbortError') : new Error('boom')),
      });
    }, outcome);
    await page.reload();
    await hydrated(page, 'ShareMenu');
    await hydrated(page, 'Toaster');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Share via…' }).click();
  }

  test('a completed share says Shared successfully!', async ({ page }) => {
    await stubShare(page, 'resolve');
    await expect(page.getByText('Shared successfully!')).toBeVisible();
  });

  test('a failed share says Failed to share', async ({ page }) => {
    await stubShare(page, 'fail');
    await expect(page.getByText('Failed to share')).toBeVisible();
  });

  test('a cancelled share says nothing', async ({ page }) => {
    await stubShare(page, 'abort');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(page.getByText('Failed to share')).toHaveCount(0);
    await expect(page.getByText('Shared successfully!')).toHaveCount(0);
  });
});

test('the landing page has the share menu too', async ({ page }) => {
  await page.goto('/');
  await hydrated(page, 'ShareMenu');
  await page.getByRole('button', { name: 'Share' }).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'Share on LinkedIn' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(page.url())}`);
});
