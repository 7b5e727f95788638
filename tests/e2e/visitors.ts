// Visitors' browser for the tracker specs: a desktop Chrome user agent on every request,
// including the beacons sent while a page unloads (a context-level override does not reach
// those), else the server would rightly drop them as coming from a headless robot.
import { chromium, test, type Browser, type BrowserContext } from '@playwright/test';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export interface Privacy {
  dnt?: boolean;
  gpc?: boolean;
}

/**
 * Launches the visitors' browser for the spec file (closed after it) and returns a function that
 * opens a visitor's context without the automation flag (else the tracker skips it as a bot),
 * optionally with Do Not Track or Global Privacy Control on.
 */
export function visitorBrowser(extraArgs: string[] = []): (privacy?: Privacy) => Promise<BrowserContext> {
  let browser: Browser | undefined;
  test.beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', `--user-agent=${CHROME_UA}`, ...extraArgs],
    });
  });
  test.afterAll(async () => browser?.close());
  return async (privacy = {}) => {
    if (!browser) throw new Error('the visitors browser starts in beforeAll');
    const ctx = await browser.newContext();
    await ctx.addInitScript((p) => {
      Object.defineProperty(navigator, 'webdriver', { get: () => false });
      if (p.dnt) Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' });
      if (p.gpc) Object.defineProperty(navigator, 'globalPrivacyControl', { get: () => true });
    }, privacy);
    return ctx;
  };
}

/**
 * The visitor leaves: every page of the context navigates away, which fires pagehide, so the
 * tracker and the recorder send their last batch as a beacon. The context stays open (it closes
 * with the visitors' browser): closing it at once disposes its network state and can drop a
 * beacon still in flight, which a test then waits for in vain.
 */
export async function leave(ctx: BrowserContext): Promise<void> {
  for (const page of ctx.pages()) await page.goto('about:blank');
}
