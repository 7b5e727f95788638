// A/B tests end to end in Chromium: the owner creates a two-variant test of the fixture shop's
// product headline through the wizard and starts it; real visitors (each a new browser context, so
// a new visitor) load the page and each sees, from the first painted frame, exactly the variant the
// assignment function gives for their visitor id, and is counted once as exposed; a visitor who
// never reaches the tested page is not. A driver speaking the tracker's collect protocol then adds
// 5,000 exposed visitors per arm with known conversions; the detail view shows exactly those counts
// and the engine's figures from the results route; the clear winner is declared, its rule appears
// in Optimizations, and visitors of both arms now see the winning headline. On another site, a
// 55/45 split on a 50/50 test shows the SRM warning and no 'Declare Winner'.
import { expect, test, type Page } from '@playwright/test';
import { Agent, request } from 'node:http';
import type PocketBase from 'pocketbase';
import { assignVariant } from '../../src/lib/assignment';
import { interval, pValue, percent, signedPercent } from '../../src/dashboard/screens/tests/format';
import type { ExperimentResults } from '../../src/dashboard/data/experiments';
import { BASE, addSite, createUser, newDomain, openFromSidebar, signInBrowser, superuser } from './dashboard/helpers';
import { visitorBrowser } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();
const ORIGINAL = 'Trail Shoe';
const BENEFIT = 'Start free today';

const rid = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

// The collect endpoint limits each client address's rate (100 requests a second) and each site's
// (500), as it must for real traffic; the driver is many visitors, so it spreads them over a few
// loopback addresses. A request is answered once its batch is written, and the writer commits the
// requests that wait together, so the driver keeps many in flight (as many visitors would).
// A browser's user agent: the endpoint ignores robots, and a request without one is taken for one.
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SOURCES = Array.from({ length: 5 }, (_, i) => `127.0.0.${i + 2}`);
const IN_FLIGHT = 200;
const agents = SOURCES.map(() => new Agent({ keepAlive: true, maxSockets: IN_FLIGHT / SOURCES.length }));

function post(body: string, origin: string, n: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${BASE}/api/cro/collect`,
      {
        method: 'POST',
        agent: agents[n % SOURCES.length],
        localAddress: SOURCES[n % SOURCES.length],
        headers: { 'Content-Type': 'text/plain', Origin: origin, 'User-Agent': DESKTOP_UA },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Posts one batch per visitor as the tracker does: the exposure, then for converters the goal page. */
async function drive(
  site: { public_key: string; domain: string },
  experimentId: string,
  variant: string,
  users: number,
  conversions: number,
) {
  const t = Date.now() - 10 * 60_000;
  const send = async (i: number) => {
    const e: object[] = [{ t: 'xp', ts: t, p: '/product', id: experimentId, n: variant }];
    if (i < conversions) e.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
    const body = JSON.stringify({ k: site.public_key, v: rid('v'), s: rid('s'), e });
    // Past a client's rate the endpoint answers 429, and 503 when its writer is busy (both with
    // Retry-After): wait and send again, as the tracker does. Exposures count once per visitor and a
    // goal once per session, so a batch sent twice counts once.
    for (;;) {
      const res = await post(body, `https://${site.domain}`, i);
      if (res.status === 429 || res.status === 503) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      expect(res.status).toBe(202);
      expect(JSON.parse(res.body).dropped ?? 0).toBe(0);
      return;
    }
  };
  for (let i = 0; i < users; i += IN_FLIGHT)
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, users - i) }, (_, j) => send(i + j)));
}

interface Visit {
  /** The visitor id the tracker used. */
  id: string;
  /** The headline on the first product page view once the tracker has run, and right before every painted frame. */
  headline: string;
  /**
   * The loader snippet gave up on the tracker (it did not arrive within the snippet's limit, as on a
   * very busy machine): the visitor keeps the original page, unchanged and not exposed.
   */
  gaveUp: boolean;
  frames: string[];
  /** The experiment exposures the visitor's browser sent. */
  exposures: { id?: string; n?: string }[];
}

/**
 * One visitor in a new browser context (so a new visitor; `id` preset as if they had come before,
 * else the tracker makes one) views the product page twice, or browses `paths`.
 */
async function visit(key: string, id = '', paths = ['/product', '/product']): Promise<Visit> {
  const ctx = await visitorContext();
  await ctx.addInitScript((v) => {
    if (v && !localStorage.getItem('cro_v')) localStorage.setItem('cro_v', v);
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    const sample = () => {
      const h = document.querySelector('h1');
      if (h) frames.push(getComputedStyle(h).visibility === 'hidden' ? '(hidden)' : (h.textContent ?? ''));
      if (frames.length < 300) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, id);
  const sent: { t: string; p?: string; id?: string; n?: string }[] = [];
  ctx.on('request', (r) => {
    if (r.url().endsWith('/api/cro/collect')) sent.push(...(JSON.parse(r.postData() ?? '{}').e ?? []));
  });
  const page = await ctx.newPage();
  let frames: string[] = [];
  let headline = '';
  let gaveUp = false;
  for (const [i, path] of paths.entries()) {
    await page.goto(`${SHOP}${path}${i ? '' : `?cro_key=${key}`}`);
    // The page view's batch (sent within about a second of idle time) before the next page.
    await expect.poll(() => sent.filter((e) => e.t === 'pv').length, { timeout: 10_000 }).toBe(i + 1);
    if (path !== '/product' || frames.length) continue;
    // The tracker has run (the loader imports it without holding the load event), then a few frames.
    await page.waitForFunction(() => (window as unknown as { cro?: { l?: number } }).cro?.l === 1);
    await page.waitForLoadState('load');
    await page.waitForTimeout(200);
    headline = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    gaveUp = await page.evaluate(() => (window as unknown as { cro: { to?: number } }).cro.to === 1);
    frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_.slice());
  }
  const visitorId = await page.evaluate(() => localStorage.getItem('cro_v') ?? '');
  await ctx.close();
  return { id: visitorId, headline, gaveUp, frames, exposures: sent.filter((e) => e.t === 'xp').map((e) => ({ id: e.id, n: e.n })) };
}

/** Visitor ids that the experiment puts in the control (0) or in the variant (1), two of each. */
function idsFor(seed: string): string[] {
  const pick = (arm: number) =>
    Array.from({ length: 200 }, (_, i) => `xpvisitor${i}abc`)
      .filter((v) => assignVariant(v, seed, 1, [0.5, 0.5]) === arm)
      .slice(0, 2);
  return [...pick(0), ...pick(1)];
}

async function resultsOf(pb: PocketBase, id: string): Promise<ExperimentResults> {
  return pb.send(`/api/cro/experiments/${id}/results`, { requestKey: null });
}

/** The detail view's row of a variant shows exactly the route's figures. */
async function expectRow(page: Page, r: ExperimentResults, key: string, users: number, conversions: number) {
  const v = r.variants.find((x) => x.key === key)!;
  expect([v.users, v.conversions]).toEqual([users, conversions]);
  const row = page.getByTestId(`variant-${key}`);
  await expect(row.getByTestId('users')).toHaveText(users.toLocaleString('en-US'));
  await expect(row.getByTestId('conversions')).toHaveText(conversions.toLocaleString('en-US'));
  await expect(row.getByTestId('rate')).toHaveText(percent(conversions / users));
  if (!v.stats) return;
  await expect(row.getByTestId('uplift')).toHaveText(`${signedPercent(v.stats.uplift)} ${interval(v.stats.uplift_ci)}`);
  await expect(row.getByTestId('chance')).toHaveText(percent(v.stats.chance_to_beat_control));
  await expect(row.getByTestId('p-value')).toHaveText(pValue(v.stats.p_value));
  await expect(row.getByTestId('sequential-p-value')).toHaveText(pValue(v.stats.sequential_p_value));
}

test('create, start, visitors see their variant, read the results, declare a winner', async ({ page }) => {
  test.setTimeout(300_000);
  const owner = await createUser();
  const domain = newDomain('abshop');
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string };
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await owner.pb.collection('goals').create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  await signInBrowser(page, owner.pb);

  // The wizard: a control and one variant, the site's goal, the planner's figure.
  await page.goto('/dashboard/tests');
  await expect(page.getByText('No tests yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create Test' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create Test' });
  await wizard.getByLabel('Test name').fill('Pricing headline');
  await wizard.getByLabel('Hypothesis').fill('A benefit headline gets more sign-ups');
  await wizard.getByLabel('Page (URL pattern)').fill('/product');
  await wizard.getByLabel('Element (CSS selector)').fill('h1');
  await wizard.getByLabel('Variant 1 name').fill('Benefit');
  await wizard.getByLabel('Variant 1 change value').fill(BENEFIT);
  await expect(wizard.getByLabel('Goal')).toHaveValue((await owner.pb.collection('goals').getFirstListItem('')).id);
  await wizard.getByLabel('Baseline conversion rate (%)').fill('10');
  await wizard.getByLabel('Smallest uplift to detect (%)').fill('20');
  const plan = await owner.pb.send('/api/cro/experiments/plan', { query: { baseline: 0.1, mde: 0.2, arms: 2 }, requestKey: null });
  await expect(wizard.getByTestId('plan-summary')).toContainText(`${plan.perArm.toLocaleString('en-US')} visitors per variant`);
  await wizard.getByRole('button', { name: 'Create Test' }).click();
  await expect(wizard).toHaveCount(0);
  const detail = page.getByTestId('test-detail');
  await expect(detail.getByRole('heading', { name: 'Pricing headline' })).toBeVisible();
  // The 'Test created' toast can lie over the detail's buttons (and a pointer over it keeps it): let it go first.
  await expect(page.getByText('is a draft: start it when you are ready.')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Start Test' }).click();
  await expect(page.getByText('Test started')).toBeVisible();
  const exp = await owner.pb.collection('experiments').getFirstListItem(`site_id = "${site.id}"`);
  expect(exp).toMatchObject({ status: 'running', selector: 'h1', url_pattern: '/product' });
  expect(exp.variants.map((v: { key: string; name: string }) => v.name)).toEqual(['Control', 'Benefit']);

  // Real visitors: two returning ones per arm (ids the assignment puts there) and two new ones.
  // Each sees their variant's headline and never, in any painted frame, the other one; each
  // sends one exposure over two views of the page. A visitor who never opens it sends none.
  const arm = (id: string) => assignVariant(id, exp.seed, 1, [0.5, 0.5]);
  const visits: Visit[] = [];
  const realStart = Date.now();
  for (const id of [...idsFor(exp.seed), '', '']) {
    visits.push(await visit(site.public_key, id));
  }
  const shown = { control: 0, b: 0 };
  for (const v of visits) {
    const key = arm(v.id) === 1 ? 'b' : 'control';
    expect(arm(v.id)).toBeGreaterThanOrEqual(0);
    const [seen, other] = key === 'b' ? [BENEFIT, ORIGINAL] : [ORIGINAL, BENEFIT];
    if (v.gaveUp) {
      // Original first view, not exposed by it (the second view may have been in time).
      console.log(`the loader gave up on the tracker for visitor ${v.id} (${key}); exposures: ${v.exposures.length}`);
      expect(v.headline).toBe(ORIGINAL);
      if (v.exposures.length) expect(v.exposures).toEqual([{ id: exp.id, n: key }]);
    } else {
      expect(v.headline).toBe(seen);
      expect(v.frames.length).toBeGreaterThan(0);
      expect(v.frames.at(-1)).toBe(seen);
      expect(v.frames.filter((f) => f === other)).toEqual([]);
      expect(v.exposures).toEqual([{ id: exp.id, n: key }]);
    }
    if (v.exposures.length) shown[key]++;
  }
  expect(shown.control).toBeGreaterThanOrEqual(1);
  expect(shown.b).toBeGreaterThanOrEqual(1);
  expect((await visit(site.public_key, '', ['/', '/cart'])).exposures).toEqual([]);
  console.log(`${visits.length + 1} real visitors in ${((Date.now() - realStart) / 1000).toFixed(1)} s`);
  await expect
    .poll(async () => (await resultsOf(owner.pb, exp.id)).variants.map((v) => v.users), { timeout: 15_000 })
    .toEqual([shown.control, shown.b]);

  // 5,000 more visitors per arm; 500 and 600 of them reach the goal page.
  const target = { public_key: site.public_key, domain };
  const started = Date.now();
  await drive(target, exp.id, 'control', 5000, 500);
  await drive(target, exp.id, 'b', 5000, 600);
  console.log(`10,000 exposed visitors driven in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const r = await resultsOf(owner.pb, exp.id);
  expect(r.srm.srm_ok).toBe(true);
  expect(r.variants[1]!.can_declare_winner).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Pricing headline' }).click();
  await expectRow(page, r, 'control', 5000 + shown.control, 500);
  await expectRow(page, r, 'b', 5000 + shown.b, 600);
  await expect(page.getByTestId('interval-b')).toHaveCount(1);
  await expect(page.getByText('Sample ratio mismatch: results are not trustworthy')).toHaveCount(0);

  // The clear winner: declared from the list, live for every visitor in Optimizations.
  await page.getByRole('button', { name: 'All tests' }).click();
  const row = page.getByTestId(`test-${exp.id}`);
  await expect(row).toContainText(percent(r.variants[1]!.stats!.chance_to_beat_control));
  await row.getByRole('button', { name: 'Declare Winner' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Benefit deployed to every visitor')).toBeVisible();
  await expect(toasts.getByText('Pricing headline')).toBeVisible();
  await expect(row).toContainText('completed');
  await openFromSidebar(page, 'Optimizations');
  await expect(page.getByText('Pricing headline: Benefit')).toBeVisible();
  const rule = await owner.pb.collection('optimization_rules').getFirstListItem(`site_id = "${site.id}"`);
  expect(rule).toMatchObject({ enabled: true, rollout_percentage: 100, auto_rollback_enabled: true, selector: 'h1' });

  // The winner is now a rule at 100%: a visitor of the winning arm keeps seeing it, a control
  // visitor sees it too, neither ever paints the old headline, and the ended test exposes nobody.
  const [controlId, , winnerId] = idsFor(exp.seed);
  for (const id of [winnerId!, controlId!]) {
    const v = await visit(site.public_key, id, ['/product']);
    expect(v.headline).toBe(v.gaveUp ? ORIGINAL : BENEFIT);
    if (!v.gaveUp) expect(v.frames.filter((f) => f === ORIGINAL)).toEqual([]);
    expect(v.exposures).toEqual([]);
  }

  // Overview: the test in 'Recent Test Results'; 'Create New Test' opens the wizard.
  await openFromSidebar(page, 'Overview');
  const recent = page.getByTestId('recent-tests');
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByRole('listitem').filter({ hasText: 'Pricing headline' })).toContainText(
    `completed · ${signedPercent(r.variants[1]!.stats!.uplift)} uplift, ${percent(r.variants[1]!.stats!.chance_to_beat_control)} chance to win`,
  );
  await page.getByRole('button', { name: 'Create New Test' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Test' })).toBeVisible();
});

test('a 55/45 split on a 50/50 test shows the SRM warning and no Declare Winner', async ({ page }) => {
  const owner = await createUser();
  const domain = newDomain('absrm');
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.pb
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  // The same kind of lead as a clear winner's, but the split is broken.
  const skewed = await owner.pb.collection('experiments').create({
    site_id: site.id,
    name: 'Button colour',
    status: 'running',
    selector: 'button.cta',
    url_pattern: '/pricing',
    primary_goal: goal.id,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Green', weight: 0.5, changes: [{ type: 'set_style', name: 'background-color', value: 'green' }] },
    ],
  });
  const target = { public_key: site.public_key, domain };
  await drive(target, skewed.id, 'control', 1100, 110);
  await drive(target, skewed.id, 'b', 900, 150);
  const s = await resultsOf(owner.pb, skewed.id);
  expect(s.srm.srm_ok).toBe(false);
  expect(s.variants[1]!.stats!.chance_to_beat_control).toBeGreaterThanOrEqual(0.95);
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/tests');
  const row = page.getByTestId(`test-${skewed.id}`);
  await expect(row).toContainText('2,000');
  await expect(row.getByRole('button', { name: 'Declare Winner' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Button colour' }).click();
  await expect(page.getByRole('alert')).toHaveText('Sample ratio mismatch: results are not trustworthy');
  await expectRow(page, s, 'control', 1100, 110);
  await expectRow(page, s, 'b', 900, 150);
  await expect(page.getByTestId('srm-verdict')).toHaveText(`Traffic split: mismatch (p = ${pValue(s.srm.p_value)})`);
  await expect(page.getByRole('button', { name: 'Declare Winner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause Test' })).toBeVisible();
});

test('a viewer sees the tests and changes nothing', async ({ page }) => {
  const owner = await createUser();
  const site = await addSite(owner.pb, newDomain('abview'));
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.pb
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  await owner.pb.collection('experiments').create({
    site_id: site.id,
    name: 'Hero image',
    status: 'running',
    selector: '.hero img',
    primary_goal: goal.id,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Hidden', weight: 0.5, changes: [{ type: 'hide' }] },
    ],
  });
  const viewer = await createUser();
  await admin
    .collection('site_members')
    .create({ site_id: site.id, user_id: viewer.id, email: viewer.email, role: 'viewer', status: 'active' });
  await signInBrowser(page, viewer.pb);
  await page.goto('/dashboard/tests');
  await expect(page.getByRole('button', { name: 'Hero image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Test' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause Test' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Hero image' }).click();
  await expect(page.getByTestId('variant-b').getByTestId('users')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Pause Test' })).toHaveCount(0);
});
