import type { Page } from '@playwright/test';

/** Stops the page's timers before it loads (install alone lets fake time flow at real pace). */
export async function freezeClock(page: Page): Promise<void> {
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1_000);
}
