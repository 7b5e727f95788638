// The change engine on a customer's worst page, in Chromium: a checkout streamed in chunks with a
// pause inside the targeted button (tests/helpers/streamed-shop.mjs). A recorder injected before the
// page's own scripts notes, every animation frame (right before each paint), what the visitor would
// see of the button and of content no change targets. No frame may show the button's original or
// half-streamed text, over 20 cold loads (half at 4x CPU throttling), with the loader snippet and
// with the old synchronous one; untargeted content is never hidden; a tracker origin that accepts
// and never answers holds the first paint at most 1 s; changes the page undoes come back, boundedly.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { trackingSnippet } from '../../src/lib/tracking-snippet';
import { startStreamedShop } from '../helpers/streamed-shop.mjs';
import { BASE, createUser, superuser } from './dashboard/helpers';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const NEW_TEXT = 'Complete secure checkout';
let shop: { origin: string; stop(): Promise<void> };

test.beforeAll(async () => {
  shop = await startStreamedShop(BASE, (kind: string, origin: string, key: string) =>
    kind === 'sync' ? `<script src="${origin}/t/${key}.js"></script>` : trackingSnippet(origin, key),
  );
});
test.afterAll(async () => shop?.stop());

interface Frames {
  button: string[];
  untargeted: string[];
}

/** A visitor's fresh context (cold cache) whose pages record every frame from the document's start. */
async function visitor(browser: Browser): Promise<BrowserContext> {
  const ctx = await browser.newContext({ userAgent: CHROME_UA });
  await ctx.addInitScript(() => {
    Object.defineProperty(navigator, 'webdriver', { get: () => false });
    const frames: Frames = { button: [], untargeted: [] };
    (window as unknown as { frames_: Frames }).frames_ = frames;
    const sample = () => {
      const b = document.getElementById('place-order');
      if (b) frames.button.push(getComputedStyle(b).visibility === 'hidden' ? '(hidden)' : (b.textContent ?? ''));
      for (const id of ['title', 'after']) {
        const el = document.getElementById(id);
        if (el) frames.untargeted.push(`${id}:${getComputedStyle(el).visibility}`);
      }
      if (frames.button.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  return ctx;
}

async function siteWithRule(): Promise<{ admin: PocketBase; site: { id: string; public_key: string; domain: string }; ruleId: string }> {
  const owner = await createUser();
  const domain = `stream-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const site = await owner.pb.collection('sites').create({ user_id: owner.id, domain, optimization_enabled: true });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth', health_status: 'healthy' });
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Checkout copy',
    rule_type: 'cta_text',
    url_pattern: '/k/*/checkout',
    selector: '#place-order',
    changes: [{ type: 'set_text', value: NEW_TEXT }],
    enabled: true,
    rollout_percentage: 100,
  });
  return { admin, site: site as unknown as { id: string; public_key: string; domain: string }, ruleId: rule.id };
}

/** The checkout on the site's own host name (so that its events are accepted), streamed by the shop. */
const checkout = (site: { domain: string; public_key: string }, query: string) =>
  `${shop.origin.replace('127.0.0.1', site.domain)}/k/${site.public_key}/checkout?${query}`;

const fcp = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;

for (const kind of ['loader', 'sync'] as const) {
  test(`${kind} snippet: over 20 streamed loads, half at 4x CPU, no frame shows the button's original text`, async ({ browser }) => {
    test.setTimeout(150_000);
    const { site } = await siteWithRule();
    const seen = new Set<string>();
    let gaveUp = 0;
    for (let i = 0; i < 20; i++) {
      const ctx = await visitor(browser);
      const page = await ctx.newPage();
      if (i % 2) await (await ctx.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(checkout(site, `snippet=${kind}`), { waitUntil: 'load' });
      // The loader gives up (window.cro.to) when the tracker has not taken over within its caps: by
      // design the visitor then sees the page as it is, unchanged. That happens only on a starved
      // device (here: a machine busy with other tests); such a load proves nothing about flicker.
      await expect
        .poll(() =>
          page.evaluate(
            (text) => document.getElementById('place-order')?.textContent === text || (window as { cro?: { to?: number } }).cro?.to === 1,
            NEW_TEXT,
          ),
        )
        .toBe(true);
      if (kind === 'loader' && (await page.evaluate(() => (window as { cro?: { to?: number } }).cro?.to === 1))) {
        gaveUp += 1;
        await ctx.close();
        continue;
      }
      await expect(page.locator('#place-order')).toHaveText(NEW_TEXT);
      await page.waitForTimeout(100);
      const frames = await page.evaluate(() => (window as unknown as { frames_: Frames }).frames_);
      frames.button.forEach((f) => seen.add(f));
      expect(
        frames.button.filter((f) => f !== '(hidden)' && f !== NEW_TEXT),
        `load ${i + 1}`,
      ).toEqual([]);
      expect(frames.button, `load ${i + 1}`).toContain(NEW_TEXT);
      expect(
        frames.untargeted.filter((f) => !f.endsWith(':visible')),
        `load ${i + 1}`,
      ).toEqual([]);
      await ctx.close();
    }
    // The streamed button was caught mid-stream (hidden) on some load: the pause was really inside it.
    expect([...seen].sort()).toEqual(['(hidden)', NEW_TEXT]);
    // Nearly every load is a real one: on a quiet machine none gives up.
    console.log(`${kind} snippet: ${20 - gaveUp} of 20 loads changed, ${gaveUp} given up by the loader's caps`);
    expect(gaveUp).toBeLessThanOrEqual(4);
  });
}

test('a tracker origin that accepts and never answers delays the first paint only until the loader gives up', async ({ browser }) => {
  test.setTimeout(90_000);
  const { site } = await siteWithRule();
  const plain: number[] = [];
  const hanging: number[] = [];
  // Alternating loads, compared by their medians: single loads on a shared machine vary by more
  // than the figure under test.
  for (let i = 0; i < 5; i++) {
    for (const [query, into] of [
      ['snippet=none', plain],
      ['snippet=loader&hang=1', hanging],
    ] as const) {
      const ctx = await visitor(browser);
      const page = await ctx.newPage();
      await page.goto(checkout(site, query), { waitUntil: 'load' }); // the load event is not held either
      await expect.poll(() => page.evaluate(fcp)).toBeGreaterThan(0);
      into.push(await page.evaluate(fcp));
      // The page is the customer's, untouched: the tracker never came, so no change applies.
      await expect(page.locator('#place-order')).toHaveText('Place order');
      await ctx.close();
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[2] ?? -1;
  console.log(
    `first contentful paint: without snippet ${median(plain).toFixed(0)} ms, tracker origin hanging ${median(hanging).toFixed(0)} ms`,
  );
  // The page is never held hostage: it paints once the loader gives up. The budget itself (at most
  // 1,000 ms later than without the snippet) is a speed figure: `npm run bench -- tracker` measures
  // and prints it (26-tracker-hang); here only a bound no healthy run comes near.
  expect(median(hanging) - median(plain)).toBeLessThan(3000);
  // The paint was really held by the pending stylesheet until the loader gave up (800 ms after it ran).
  expect(Math.min(...hanging)).toBeGreaterThanOrEqual(800);
});

test('a tracker that arrives after the loader gave up only measures: the page stays as shown, and window.cro says so', async ({
  browser,
}) => {
  const { admin, site, ruleId } = await siteWithRule();
  const ctx = await visitor(browser);
  const page = await ctx.newPage();
  // The hide stylesheet never comes, so the loader gives up at 800 ms; the tracker follows at 2.5 s.
  await page.goto(checkout(site, 'snippet=loader&late=2500'), { waitUntil: 'load' });
  await page.waitForFunction(() => (window as { cro?: { l?: number } }).cro?.l === 1, undefined, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as { cro?: { to?: number } }).cro?.to)).toBe(1);
  await expect(page.locator('#place-order')).toHaveText('Place order');
  await page.waitForTimeout(300);
  await expect(page.locator('#place-order')).toHaveText('Place order');
  const frames = await page.evaluate(() => (window as unknown as { frames_: Frames }).frames_);
  expect(frames.button.filter((f) => f === NEW_TEXT)).toEqual([]);
  // Measured, not changed: the page view reaches the server, and no exposure or apply error does.
  // The page stays open meanwhile: the tracker sends its page view once idle (up to 3 s after it
  // arrived), and closing the context first left only the exit beacon, which a closing context
  // may drop (this failed in CI on a loaded machine).
  const events = async () =>
    (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}"`, sort: 'type' })).map((e) => e.type as string);
  await expect.poll(async () => (await events()).includes('pageview'), { timeout: 15_000 }).toBe(true);
  await ctx.close();
  expect(
    (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && rule = "${ruleId}"` })).map((e) => e.type),
  ).toEqual([]);
});

test('a change the page undoes is applied again; a page that keeps undoing it wins after a bounded fight, reported', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { admin, site, ruleId } = await siteWithRule();
  const ctx = await visitor(browser);
  // The synchronous snippet: this test is about the fight, not delivery. With the loader, a starved
  // machine can make it give up by design (window.cro.to), and then no change is ever applied.
  const undo = await ctx.newPage();
  await undo.goto(checkout(site, 'snippet=sync&undo=1'), { waitUntil: 'load' });
  await expect(undo.locator('#place-order')).toHaveText(NEW_TEXT);
  await undo.waitForTimeout(600); // the page wrote 'Place order' back 300 ms after load
  await expect(undo.locator('#place-order')).toHaveText(NEW_TEXT);

  const fight = await ctx.newPage();
  await fight.goto(checkout(site, 'snippet=sync&fight=1'), { waitUntil: 'load' });
  await expect(fight.locator('#place-order')).toHaveText('Place order');
  // The page stays responsive: the fight ended instead of looping.
  expect(await fight.evaluate(() => new Promise<number>((r) => setTimeout(() => r(1), 50)))).toBe(1);
  // The pages stay open until their reports arrive (sent 1 s after they are made, while the page
  // lives): closing the context first left them to the exit beacon, which a closing context may drop.
  await expect
    .poll(
      async () =>
        (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && rule = "${ruleId}"`, sort: 'type' })).map(
          (e) => `${e.type}:${e.name}`,
        ),
      { timeout: 15_000 },
    )
    .toEqual(['apply_error:Change undone by the page: #place-order', 'exposure:', 'exposure:']);
  await ctx.close();
});
