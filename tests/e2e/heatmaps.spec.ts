// Heatmaps and click maps end to end in Chromium: real visitors on the fixture shop's landing page,
// one at a desktop width and one at a phone's, click known elements (the desktop one rage-clicks a
// picture that does nothing); the owner sees the click map count exactly those clicks with the
// rage and dead clicks, and the heat layer drawn on those elements in the page's rendering at each
// device's width.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { addSite, createUser, signInBrowser, superuser } from './dashboard/helpers';
import { HEATMAP_SHOP } from './standins/tracker-site';
import { visitorBrowser, leave } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();

interface Point {
  selector: string;
  x: number;
  y: number;
  clicks: number;
}

/** A visitor at `width` opens the landing page and clicks `clicks` (element, offset in it, count). */
async function visit(key: string, width: number, clicks: [string, { x: number; y: number }, number][]) {
  const ctx = await visitorContext();
  const v = await ctx.newPage();
  await v.setViewportSize({ width, height: 800 });
  await v.goto(`${SHOP}/landing?cro_key=${key}`);
  await expect(v.getByRole('heading', { name: 'Walk further this spring' })).toBeVisible();
  for (const [selector, position, clickCount] of clicks) await v.locator(selector).click({ position, clickCount });
  await leave(ctx); // page hide: the clicks and the scroll depth are sent
}

/** A Growth site on the heatmap shop whose one desktop visitor clicked the start button once, recorded. */
async function growthSiteWithOneClick() {
  const owner = await createUser();
  const site = (await addSite(owner.pb, HEATMAP_SHOP)) as unknown as { id: string; public_key: string };
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await visit(site.public_key, 1280, [['#start', { x: 20, y: 12 }, 1]]);
  const clicks = async () =>
    (await owner.pb.send(`/api/cro/heatmaps/${site.id}/clicks?path=%2Flanding&device=desktop`, { requestKey: null })).clicks;
  await expect.poll(clicks, { timeout: 15_000 }).toBe(1);
  return { owner, site, admin };
}

/** An element's box in the rendering (page coordinates of the iframe's document). */
async function boxIn(frame: FrameLocator, selector: string) {
  return frame.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left + window.scrollX, top: r.top + window.scrollY, width: r.width, height: r.height };
  });
}

async function heatPoints(page: Page): Promise<Point[]> {
  const layer = page.getByTestId('heat-layer');
  await expect(layer).toHaveAttribute('data-points', /selector/);
  return JSON.parse((await layer.getAttribute('data-points')) ?? '[]');
}

/** The point of `selector` lies in its element's box where the visitor clicked, within one bin. */
async function expectPlaced(page: Page, points: Point[], selector: string, at: { x: number; y: number }, clicks: number) {
  const frame = page.frameLocator('[data-testid="heatmap-frame"]');
  const box = await boxIn(frame, selector);
  const mine = points.filter((p) => p.selector === selector);
  expect(mine, selector).toHaveLength(1);
  const p = mine[0]!;
  expect(p.clicks).toBe(clicks);
  expect(p.x).toBeGreaterThanOrEqual(box.left);
  expect(p.x).toBeLessThanOrEqual(box.left + box.width);
  expect(p.y).toBeGreaterThanOrEqual(box.top);
  expect(p.y).toBeLessThanOrEqual(box.top + box.height);
  expect(Math.abs(p.x - (box.left + at.x))).toBeLessThanOrEqual(box.width / 20);
  expect(Math.abs(p.y - (box.top + at.y))).toBeLessThanOrEqual(box.height / 20);
  // Drawn: the canvas is coloured at the point.
  const alpha = await page
    .getByTestId('heat-layer')
    .evaluate((c: HTMLCanvasElement, q) => c.getContext('2d')!.getImageData(Math.round(q.x), Math.round(q.y), 1, 1).data[3]!, p);
  expect(alpha).toBeGreaterThan(0);
}

test('visitors at two widths click; the owner sees the click map and the heat layer on the right elements', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, HEATMAP_SHOP)) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });

  const start = { x: 20, y: 12 };
  const hero = { x: 30, y: 40 };
  const phoneStart = { x: 100, y: 20 };
  await visit(site.public_key, 1280, [
    ['#start', start, 1],
    ['#hero', hero, 4], // four clicks at once: a rage click, on a picture that does nothing
  ]);
  await visit(site.public_key, 390, [['#start', phoneStart, 1]]);
  // Each visitor's clicks leave in its own beacon as its page closes; both must have landed.
  const clicksOn = async (device: string) =>
    (await owner.pb.send(`/api/cro/heatmaps/${site.id}/clicks?path=%2Flanding&device=${device}`, { requestKey: null })).clicks;
  await expect.poll(async () => [await clicksOn('desktop'), await clicksOn('mobile')], { timeout: 15_000 }).toEqual([5, 1]);

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/recordings');
  await page.getByRole('tab', { name: 'Click Maps' }).click();
  await expect(page.getByLabel('Page')).toHaveValue('/landing');
  const row = (selector: string) => page.locator(`[data-testid="click-map-row"][data-selector="${selector}"]`);
  await expect(page.getByTestId('click-map-total')).toHaveText('5 clicks in the last 30 days');
  await expect(row('div#hero').getByTestId('click-map-clicks')).toHaveText('4');
  await expect(row('div#hero').getByTestId('click-map-rage')).toHaveText('1');
  await expect(row('div#hero').getByTestId('click-map-dead')).toHaveText('4');
  await expect(row('div#hero')).toContainText('80%');
  await expect(row('button#start').getByTestId('click-map-clicks')).toHaveText('1');
  await expect(row('button#start').getByTestId('click-map-rage')).toHaveText('0');
  await expect(row('button#start').getByTestId('click-map-dead')).toHaveText('0');
  await page.getByLabel('Device').selectOption('mobile');
  await expect(page.getByTestId('click-map-total')).toHaveText('1 click in the last 30 days');
  await expect(page.getByTestId('click-map-row')).toHaveCount(1);
  await expect(row('button#start').getByTestId('click-map-clicks')).toHaveText('1');

  // The heat layer at the phone's width: the phone visitor's click on the button.
  await page.getByRole('tab', { name: 'Heatmaps' }).click();
  await expect(page.getByTestId('heatmap-summary')).toHaveText('1 click in the last 30 days');
  let points = await heatPoints(page);
  expect(points).toHaveLength(1);
  await expectPlaced(page, points, 'button#start', phoneStart, 1);

  // At the desktop width: the button and the picture, each where it was clicked.
  await page.getByLabel('Device').selectOption('desktop');
  await expect(page.getByTestId('heatmap-summary')).toHaveText('5 clicks in the last 30 days');
  points = await heatPoints(page);
  expect(points.map((p) => p.selector).sort()).toEqual(['button#start', 'div#hero']);
  await expectPlaced(page, points, 'button#start', start, 1);
  await expectPlaced(page, points, 'div#hero', hero, 4);
  // The rendering is the page without its scripts.
  await expect(page.frameLocator('[data-testid="heatmap-frame"]').getByRole('button', { name: 'Start free trial' })).toBeVisible();
  expect(await page.frameLocator('[data-testid="heatmap-frame"]').locator('script').count()).toBe(0);

  // The scroll map: the desktop visitor saw the whole (short) page.
  await page.getByRole('tab', { name: 'Scroll depth' }).click();
  await expect(page.getByTestId('heatmap-summary')).toHaveText('1 page view with a measured scroll depth in the last 30 days');
  await expect(page.getByTestId('scroll-band')).toHaveCount(10);
  await expect(page.getByTestId('scroll-band').first()).toHaveText('10% of the page: 100% of visitors');
  await expect(page.getByTestId('scroll-band').last()).toHaveText('100% of the page: 100% of visitors');
});

test('when the site no longer serves the page, the heatmap shows its own error state, not the server answer in the frame', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { owner, site, admin } = await growthSiteWithOneClick();
  // The site moves to a host where /landing answers 404: the server cannot fetch the page to draw on.
  await admin.collection('sites').update(site.id, { domain: 'shop-fixture.test' });

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/recordings');
  await page.getByRole('tab', { name: 'Heatmaps' }).click();
  await expect(page.getByLabel('Page')).toHaveValue('/landing');
  const problem = page.getByTestId('rendering-unavailable');
  await expect(problem.getByRole('heading', { name: 'We could not load /landing from your site' })).toBeVisible();
  await expect(problem).toContainText('Reason:');
  await expect(problem.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(page.getByTestId('heatmap-frame')).toHaveCount(0);
  await expect(page.getByText('"status":502')).toHaveCount(0);
  // The figures stay.
  await expect(page.getByTestId('heatmap-summary')).toHaveText('1 click in the last 30 days');

  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('rendering-unavailable')).toBeVisible();
});

test("a starter site gets the pricing page's basic heatmaps: its click map and heat layer, no scroll map, no recordings", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { owner, site, admin } = await growthSiteWithOneClick(); // recorded as a growth site's visit...
  await admin.collection('sites').update(site.id, { plan_tier: 'starter' }); // ...and read on Starter

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/recordings');
  await expect(page.getByTestId('basic-heatmaps-note')).toContainText('Your Starter plan shows click maps of the last 30 days.');
  await expect(page.getByRole('tab', { name: 'Session Recordings' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Heatmaps' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('heatmap-summary')).toHaveText('1 click in the last 30 days');
  expect(await heatPoints(page)).toHaveLength(1);
  await expect(page.getByRole('tab', { name: 'Scroll depth' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Click Maps' }).click();
  await expect(page.getByTestId('click-map-total')).toHaveText('1 click in the last 30 days');
});

test('a free site sees the upgrade card instead of heatmaps', async ({ page }) => {
  const owner = await createUser();
  await addSite(owner.pb, 'heatmap-free.example.com');
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/recordings');
  await expect(page.getByTestId('recordings-upgrade')).toContainText('Starter shows click maps of the last 30 days');
  await expect(page.getByRole('tab', { name: 'Heatmaps' })).toHaveCount(0);
});
