// Budget: pages without islands ship 0 bytes of JavaScript. Their HTML may carry only small
// inline scripts (the help filter, the payment redirect, JSON-LD), never a script module,
// an external script or a hydrated island.
import { freezeClock } from './clock';
import { expect, test } from '@playwright/test';

const PAGES_WITHOUT_ISLANDS = [
  '/features',
  '/about',
  '/privacy',
  '/terms',
  '/cookies',
  '/gdpr',
  '/careers',
  '/help',
  '/case-studies',
  '/security',
  '/status',
  '/api-docs',
  '/changelog',
  '/press',
  '/payment-success',
  '/payment-cancel',
  '/contact/sent',
];

for (const path of PAGES_WITHOUT_ISLANDS) {
  test(`${path} ships no JavaScript files`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    if (path === '/payment-success') await freezeClock(page); // keep it from redirecting mid-check
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    const html = await page.content();
    expect(html).not.toContain('<astro-island');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  });
}
