// Helpers for the public-site islands' e2e tests.
import { expect, type Page } from '@playwright/test';

/** Waits until the island whose component file starts with `name` has hydrated (Astro drops `ssr`). */
export async function hydrated(page: Page, name: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="/${name}."]`).first();
  await expect(island).toBeAttached();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/** Answers every request to the share networks locally: no test touches the internet. */
export async function stubShareNetworks(page: Page): Promise<void> {
  for (const host of ['https://twitter.com/**', 'https://x.com/**', 'https://www.linkedin.com/**', 'https://www.facebook.com/**']) {
    await page
      .context()
      .route(host, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share stand-in</title>' }));
  }
}
