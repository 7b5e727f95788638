// Every public page fits a 360 px wide phone: nothing is wider than the viewport, so no page
// scrolls sideways, and the header's sign-in links stay reachable.
import { expect, test } from '@playwright/test';
import { sitemapPaths, UNLISTED_PUBLIC_PATHS } from './site-pages';

test.use({ viewport: { width: 360, height: 740 } });

for (const path of [...new Set([...sitemapPaths(), ...UNLISTED_PUBLIC_PATHS])]) {
  test(`${path} fits 360 px without sideways scrolling`, async ({ page }) => {
    // The success page redirects after 5 s: a 204 answer keeps the browser on it.
    if (path === '/payment-success') await page.route('**/dashboard', (route) => route.fulfill({ status: 204 }));
    await page.goto(path);
    await page.waitForLoadState('load');
    const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // The elements that stick out, to make a failure easy to fix; content of a box that scrolls
      // on its own (code samples, wide tables in an overflow-x container) is fine.
      wide: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => {
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return false;
          }
          return true;
        })
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`),
    }));
    expect(wide, `elements wider than the viewport on ${path}`).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
}
