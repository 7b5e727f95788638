// Accessibility crawl: every page listed in the built sitemap (so pages added by any work are
// included automatically), plus the unlisted public pages, checked with axe in Chromium.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { sitemapPaths, UNLISTED_PUBLIC_PATHS } from './site-pages';

const paths = [...new Set([...sitemapPaths(), ...UNLISTED_PUBLIC_PATHS, '/this-page-does-not-exist'])];

test('the sitemap lists the public pages and none of the private ones', () => {
  const listed = sitemapPaths();
  for (const p of ['/', '/features', '/about', '/privacy', '/help', '/changelog', '/press', '/status']) expect(listed).toContain(p);
  for (const p of listed) expect(p).not.toMatch(/^\/(dashboard|auth|payment-success|payment-cancel|contact\/sent)(\/|$)/);
});

for (const path of paths) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    // The success page redirects after 5 s; axe needs real timers, so the redirect gets a 204, to which
    // a browser answers by staying on the page (an aborted navigation would replace it with an error page).
    if (path === '/payment-success') await page.route('**/dashboard', (route) => route.fulfill({ status: 204 }));
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}
