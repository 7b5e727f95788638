// Accessibility crawl: every page listed in the built sitemap (so pages added by any work are
// included automatically), plus the unlisted public pages, checked with axe in Chromium.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { sitemapPaths, UNLISTED_PUBLIC_PATHS } from './site-pages';

const paths = [...new Set([...sitemapPaths(), ...UNLISTED_PUBLIC_PATHS, '/this-page-does-not-exist'])];

test('the sitemap lists the public pages and none of the private ones', () => {
  const listed = sitemapPaths();
  for (const p of ['/', '/features', '/about', '/privacy', '/help', '/changelog', '/press', '/status']) expect(listed).toContain(p);
  for (const p of listed) expect(p).not.toMatch(/^\/(dashboard|auth|payment-success|payment-cancel|contact\/sent)(\/|$)/);
});

for (const path of paths) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    // The success page redirects after 5 s; axe needs real timers, so block the navigation instead.
    if (path === '/payment-success') await page.route('**/dashboard', (route) => route.abort());
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
    expect(blocking, blocking.join('\n')).toEqual([]);
  });
}
