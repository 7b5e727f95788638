// A split-URL test in Chromium, through the loader snippet: the visitors the tracker's assignment
// puts in the variant land on /landing-b with their query and fragment, the others stay on
// /landing, and no frame of the original page is ever shown to a redirected visitor (every
// animation frame, right before each paint, notes whether the original's headline is visible, and
// the page's paint entries are kept: no first contentful paint of the original). Each visitor's
// exposure is sent once (on the landing page for the variant, on the original for the control),
// also when they come back, and the server counts each once. An automated browser is never
// redirected.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { assignVariant } from '../../src/lib/assignment';
import { trackingSnippet } from '../../src/lib/tracking-snippet';
import { closeServer } from '../helpers/close-server';
import { BASE, createUser, signInBrowser, superuser } from './dashboard/helpers';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const ORIGINAL = 'Original landing page ZQX';
const VARIANT = 'Landing B';

let shop: Server;
let port = 0;
let key = '';
const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>${trackingSnippet(BASE, key)}</head><body>${body}` +
  `<p>${'Shoes, socks and more. '.repeat(200)}</p></body></html>`;

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const body = path === '/landing-b' ? `<h1 id="variant">${VARIANT}</h1>` : `<h1 id="original">${ORIGINAL}</h1>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page(body));
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  port = (shop.address() as { port: number }).port;
});
test.afterAll(() => closeServer(shop));

type Exposure = { p: string; n: string };

/** A visitor with a chosen id; every frame and paint of the original page is noted in sessionStorage. */
async function visitor(browser: Browser, id: string, automated = false) {
  const ctx = await browser.newContext({ userAgent: CHROME_UA });
  await ctx.addInitScript(
    ([v, bot]) => {
      if (!bot) Object.defineProperty(navigator, 'webdriver', { get: () => false });
      if (!localStorage.getItem('cro_v')) localStorage.setItem('cro_v', v as string);
      if (location.pathname !== '/landing') return;
      const note = (k: string) => sessionStorage.setItem(k, String(Number(sessionStorage.getItem(k) || 0) + 1));
      const frame = () => {
        const h = document.getElementById('original');
        if (h && getComputedStyle(h).visibility === 'visible' && getComputedStyle(document.documentElement).visibility === 'visible')
          note('original-shown');
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new PerformanceObserver((l) => l.getEntries().forEach((e) => note(`original-${e.name}`))).observe({ type: 'paint', buffered: true });
    },
    [id, automated] as const,
  );
  const exposures: Exposure[] = [];
  ctx.on('request', (r) => {
    if (!r.url().includes('/api/cro/collect')) return;
    const body = JSON.parse(r.postData() || '{}') as { e?: { t: string; p: string; n: string }[] };
    for (const e of body.e ?? []) if (e.t === 'xp') exposures.push({ p: e.p, n: e.n });
  });
  return { ctx, exposures, tab: await ctx.newPage() };
}

/** Opens the original with query and fragment and waits for the tracker on the page it ends on. */
async function land(v: { tab: Awaited<ReturnType<BrowserContext['newPage']>> }, host: string) {
  await v.tab.goto(`http://${host}:${port}/landing?utm_source=news&x=1#offer`);
  await v.tab.waitForFunction(() => (window as unknown as { cro?: { l?: number } }).cro?.l === 1 && document.readyState === 'complete');
  return v.tab.evaluate(() => ({
    url: location.pathname + location.search + location.hash,
    text: document.querySelector('h1')?.textContent ?? '',
    shown: Number(sessionStorage.getItem('original-shown') || 0),
    fcp: Number(sessionStorage.getItem('original-first-contentful-paint') || 0),
    // The loader gave up waiting for the tracker (a loaded machine): the page stays as shown, measure-only.
    late: (window as unknown as { cro?: { to?: number } }).cro?.to === 1,
  }));
}

test('a split URL test sends its variant visitors to /landing-b before the original paints and counts each exposure once', async ({
  browser,
  page: dashboard,
}) => {
  // The wizard and 8 visitors with fresh browsers, two of them twice, one at a time or two: more than the default 30 s.
  test.setTimeout(120_000);
  const owner = await createUser();
  const domain = `split-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  const site = await owner.pb.collection('sites').create({ user_id: owner.id, domain });
  key = site.public_key as string;
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });

  // The wizard: the test type, the original page and the variant's URL; the detail shows them.
  await signInBrowser(dashboard, owner.pb);
  await dashboard.goto('/dashboard/tests');
  await dashboard.getByRole('button', { name: 'Create Test' }).click();
  const wizard = dashboard.getByRole('dialog', { name: 'Create Test' });
  await wizard.getByLabel('Test name').fill('Landing B');
  await wizard.getByLabel('Test type').selectOption('split_url');
  await expect(wizard.getByLabel('Element (CSS selector)')).toHaveCount(0);
  await wizard.getByLabel('Original page (URL pattern)').fill('/landing*');
  await wizard.getByLabel('Variant 1 name').fill('Landing B');
  await wizard.getByLabel('Variant 1 URL').fill('https://evil.example/landing-b');
  await wizard.getByRole('button', { name: 'Create Test' }).click();
  await expect(wizard.getByRole('alert')).toContainText("Variant 1's URL must stay on the site's own domain");
  await wizard.getByLabel('Variant 1 URL').fill('/landing-b');
  await wizard.getByRole('button', { name: 'Create Test' }).click();
  await expect(wizard.getByRole('alert')).toContainText("matches the original's URL pattern /landing*: visitors would be redirected again");
  await wizard.getByLabel('Original page (URL pattern)').fill('/landing');
  await wizard.getByRole('button', { name: 'Create Test' }).click();
  await expect(wizard).toHaveCount(0);
  const detail = dashboard.getByTestId('test-detail');
  await expect(detail.getByTestId('test-summary')).toContainText('Split URL · /landing · redirect · draft');
  await expect(detail.getByTestId('variant-urls')).toHaveText(['Control: /landing (original)', 'Landing B: /landing-b'].join(''));
  await expect(dashboard.getByText('is a draft: start it when you are ready.')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Start Test' }).click();
  await expect(dashboard.getByText('Test started')).toBeVisible();
  const x = await owner.pb.collection('experiments').getFirstListItem(`site_id = "${site.id}"`);
  expect(x).toMatchObject({ status: 'running', test_type: 'split_url', url_pattern: '/landing' });
  // Half of the visitors in each arm, by the tracker's own assignment.
  const pool = Array.from({ length: 60 }, (_, i) => `e2esplit${i}x${Date.now().toString(36)}`);
  const arm = (id: string) => assignVariant(id, x.seed as string, 1, [0.5, 0.5]);
  const ids = [...pool.filter((v) => arm(v) === 1).slice(0, 4), ...pool.filter((v) => arm(v) === 0).slice(0, 4)];
  expect(ids).toHaveLength(8);

  const visitors = [];
  for (let i = 0; i < ids.length; i += 2) {
    const batch = await Promise.all(ids.slice(i, i + 2).map((id) => visitor(browser, id)));
    for (const [j, v] of batch.entries()) {
      const id = ids[i + j]!;
      const seen = await land(v, domain);
      if (seen.late) {
        // The loader showed the page before the tracker came: it is never redirected or changed then.
        console.log(`the loader gave up on the tracker for visitor ${id} on ${seen.url}`);
        if (seen.url.startsWith('/landing?')) expect(seen.text).toBe(ORIGINAL);
      } else if (arm(id) === 1) {
        expect(seen, id).toEqual({ url: '/landing-b?utm_source=news&x=1#offer', text: VARIANT, shown: 0, fcp: 0, late: false });
      } else {
        expect(seen.url, id).toBe('/landing?utm_source=news&x=1#offer');
        expect(seen.text).toBe(ORIGINAL);
      }
      visitors.push({ id, late: seen.late, ...v });
    }
  }

  // They come back (another visit, the same id): redirected again, never exposed again.
  for (const v of [visitors[0]!, visitors.at(-1)!]) {
    const seen = await land(v, domain);
    if (!seen.late) expect(seen.url).toBe(arm(v.id) === 1 ? '/landing-b?utm_source=news&x=1#offer' : '/landing?utm_source=news&x=1#offer');
  }
  for (const v of visitors) await v.tab.goto('about:blank'); // the last batches leave
  const exposed = visitors.filter((v) => !v.late);
  for (const v of visitors) {
    const want = arm(v.id) === 1 ? { p: '/landing-b', n: 'b' } : { p: '/landing', n: 'control' };
    if (v.late) {
      expect(v.exposures.filter((e) => e.n !== want.n || e.p !== want.p)).toEqual([]);
      continue;
    }
    await expect.poll(() => v.exposures.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(v.exposures, v.id).toEqual([want]);
  }
  expect(exposed.length).toBeGreaterThanOrEqual(ids.length - 2);

  // An automated browser is never redirected (nor exposed), whatever its id's arm.
  const bot = await visitor(browser, ids[0]!, true);
  await bot.tab.goto(`http://${domain}:${port}/landing`);
  await bot.tab.waitForFunction(() => (window as unknown as { cro?: { l?: number } }).cro?.l === 1 && document.readyState === 'complete');
  await bot.tab.waitForTimeout(300);
  expect(new URL(bot.tab.url()).pathname).toBe('/landing');
  await bot.tab.goto('about:blank');
  expect(bot.exposures).toEqual([]);

  // The server counts one exposure per visitor, in their arm; the results read them.
  const rows = async () =>
    (await admin.collection('experiment_exposures').getFullList({ filter: `experiment = "${x.id}"` })).map(
      (r) => `${r.visitor as string}:${r.variant as string}`,
    );
  const counted = visitors.filter((v) => v.exposures.length);
  await expect.poll(async () => (await rows()).length, { timeout: 15_000 }).toBe(counted.length);
  expect((await rows()).sort()).toEqual(counted.map((v) => `${v.id}:${arm(v.id) === 1 ? 'b' : 'control'}`).sort());
  const results = (await owner.pb.send(`/api/cro/experiments/${x.id}/results`, {})) as { variants: { key: string; users: number }[] };
  const users = (k: number) => counted.filter((v) => arm(v.id) === k).length;
  expect(results.variants.map((v) => [v.key, v.users])).toEqual([
    ['control', users(0)],
    ['b', users(1)],
  ]);
  for (const v of [...visitors, bot]) await v.ctx.close();
});
