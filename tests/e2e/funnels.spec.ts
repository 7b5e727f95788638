// Funnels end to end in Chromium: the owner builds a 4-step funnel (three pages and a goal) through
// the screen; a driver speaking the tracker's collect protocol sends visitors who complete it, skip
// a step, repeat steps, convert outside the window, do steps out of order, or come back in a second
// session; every step's count on screen equals a count made here, independently, over the events
// sent. Nothing is written to the database directly.
import { expect, test } from '@playwright/test';
import { BASE, addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';

const rid = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const WINDOW = 7 * DAY;

/** One page view `at` ms before the test's start, in a numbered session of the visitor. */
interface View {
  path: string;
  ago: number;
  session?: number;
}

const v = (path: string, ago: number, session = 0): View => ({ path, ago, session });

/** The visitors the driver sends, each a list of page views (the last step is the goal: a view of /thank-you). */
const VISITORS: View[][] = [
  [v('/', 60 * MIN), v('/product/1', 59 * MIN), v('/cart', 58 * MIN), v('/thank-you', 57 * MIN)], // completes
  [
    v('/', 90 * MIN),
    v('/', 89 * MIN),
    v('/product/2', 88 * MIN),
    v('/product/2', 87 * MIN),
    v('/cart', 86 * MIN),
    v('/thank-you', 85 * MIN),
  ], // repeats
  [v('/', 2 * DAY), v('/cart', 2 * DAY - MIN), v('/thank-you', 2 * DAY - 2 * MIN)], // skips the product page
  [v('/', 3 * DAY), v('/product/3', 3 * DAY - MIN), v('/about', 3 * DAY - 2 * MIN)], // stops at the product page
  [v('/', 10 * DAY), v('/product/1', 10 * DAY - MIN), v('/cart', 10 * DAY - 2 * MIN), v('/thank-you', DAY, 1)], // buys 9 days later
  [v('/cart', 4 * DAY), v('/product/1', 4 * DAY - MIN), v('/', 4 * DAY - 2 * MIN), v('/thank-you', 4 * DAY - 3 * MIN)], // backwards
  [v('/', 5 * DAY), v('/cart', 5 * DAY - MIN), v('/product/1', 5 * DAY - 2 * MIN), v('/thank-you', 5 * DAY - 3 * MIN)], // cart before product
  [v('/product/2', 6 * DAY), v('/cart', 6 * DAY - MIN)], // never on the first step
  [v('/', 6 * DAY), v('/product/2', 6 * DAY - MIN), v('/cart', 5 * DAY, 1), v('/thank-you', 5 * DAY - MIN, 1)], // comes back a day later
  [v('/', 20 * DAY), v('/product/1', 20 * DAY - MIN)], // an older visit that stops at step 2
];

const STEPS = [
  (p: string) => p === '/',
  (p: string) => p.startsWith('/product/'),
  (p: string) => p === '/cart',
  (p: string) => p === '/thank-you',
];

/**
 * The steps each visitor reaches, counted here without the server's code: every view of step 1
 * starts an attempt; each next step must be a later view within the window from that start; the
 * best attempt counts, once per step.
 */
function expectedCounts(start: number): number[] {
  const counts = STEPS.map(() => 0);
  for (const views of VISITORS) {
    const seq = views.map((x) => ({ path: x.path, at: start - x.ago })).sort((a, b) => a.at - b.at);
    let best = 0;
    seq.forEach((entry, i) => {
      if (!STEPS[0]!(entry.path)) return;
      let reached = 1;
      for (const next of seq.slice(i + 1)) {
        if (next.at > entry.at + WINDOW || reached === STEPS.length) break;
        if (STEPS[reached]!(next.path)) reached++;
      }
      best = Math.max(best, reached);
    });
    for (let k = 0; k < best; k++) counts[k]!++;
  }
  return counts;
}

/** Sends each visitor's views as the tracker does, one batch per session, retrying while rate limited. */
async function drive(site: { public_key: string; domain: string }, start: number) {
  for (const views of VISITORS) {
    const visitor = rid('v');
    const sessions = new Map<number, View[]>();
    for (const x of views) sessions.set(x.session ?? 0, [...(sessions.get(x.session ?? 0) ?? []), x]);
    for (const list of sessions.values()) {
      const body = JSON.stringify({
        k: site.public_key,
        v: visitor,
        s: rid('s'),
        e: list.map((x) => ({ t: 'pv', ts: start - x.ago, p: x.path })),
      });
      for (;;) {
        const res = await fetch(`${BASE}/api/cro/collect`, {
          method: 'POST',
          body,
          headers: {
            'Content-Type': 'text/plain',
            Origin: `https://${site.domain}`,
            'X-Forwarded-For': `10.9.${VISITORS.indexOf(views)}.1`,
          },
        });
        // 429 (rate) and 503 (writer busy) both ask to retry, as the tracker does; a step repeated counts once.
        if (res.status === 429 || res.status === 503) {
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        expect(res.status).toBe(202);
        break;
      }
    }
  }
}

test('build a 4-step funnel on the screen and read counts equal to the visitors sent', async ({ page }) => {
  // A long flow (about a minute on a busy machine): the budget of the other long e2e flows.
  test.setTimeout(180_000);
  const owner = await createUser();
  const domain = newDomain('funnelshop');
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string; domain: string };
  await owner.pb.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'url', match: '/thank-you', enabled: true });
  await signInBrowser(page, owner.pb);

  await page.goto('/dashboard/funnels');
  await expect(page.getByText('No Funnels Created Yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create New Funnel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Funnel' });
  await dialog.getByLabel('Funnel name').fill('Checkout');
  await dialog.getByLabel('Step 1 page URL pattern').fill('/');
  await dialog.getByLabel('Step 2 page URL pattern').fill('/product/*');
  await dialog.getByRole('button', { name: 'Add Step' }).click();
  await dialog.getByLabel('Step 3 page URL pattern').fill('/cart');
  await dialog.getByRole('button', { name: 'Add Step' }).click();
  await dialog.getByLabel('Step 4 type').selectOption('goal');
  await expect(dialog.getByLabel('Step 4 goal')).toHaveValue(/^[a-z0-9]{15}$/);
  await expect(dialog.getByLabel('Conversion window (days)')).toHaveValue('7');
  // One step too few is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Remove step 4' }).click();
  await dialog.getByRole('button', { name: 'Remove step 3' }).click();
  await dialog.getByLabel('Step 2 page URL pattern').fill('checkout');
  await dialog.getByRole('button', { name: 'Create Funnel' }).click();
  await expect(dialog.getByText('Step 2: URL pattern must start with /, * or http(s)://')).toBeVisible();
  await dialog.getByLabel('Step 2 page URL pattern').fill('/product/*');
  await dialog.getByRole('button', { name: 'Add Step' }).click();
  await dialog.getByLabel('Step 3 page URL pattern').fill('/cart');
  await dialog.getByRole('button', { name: 'Add Step' }).click();
  await dialog.getByLabel('Step 4 type').selectOption('goal');
  await dialog.getByRole('button', { name: 'Create Funnel' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('funnel-card');
  await expect(card.getByTestId('funnel-step-label')).toHaveText(['/', '/product/*', '/cart', 'Goal: Purchase']);
  await expect(card.getByTestId('funnel-step-users')).toHaveText(['0', '0', '0', '0']);

  const start = Date.now();
  await drive(site, start);
  const expected = expectedCounts(start);
  // The cases above must tell the rules apart: nobody-at-all or everybody-everywhere proves nothing.
  expect(expected).toEqual([9, 7, 4, 3]);

  await page.reload();
  await expect(card.getByTestId('funnel-step-users')).toHaveText(expected.map(String));
  await expect(card.getByTestId('funnel-overall')).toHaveText(`${Math.round((expected[3]! / expected[0]!) * 1000) / 10}%`);
  await expect(card.getByTestId('funnel-step-conversion').nth(1)).toHaveText(
    `${Math.round((expected[1]! / expected[0]!) * 1000) / 10}% converted`,
  );

  // The last 7 days leave out the visitors who entered 10 and 20 days ago; the previous 7 days hold the one of 10 days ago.
  await page.getByLabel('Date range').selectOption('7');
  await expect(card.getByTestId('funnel-step-users')).toHaveText(['7', '5', '3', '3']);
  await expect(card.getByTestId('funnel-step-previous')).toHaveText(['1', '1', '1', '0']);

  // Where the two visitors lost before step 3 went next.
  await card.getByRole('button', { name: 'View Details' }).nth(1).click();
  const details = page.getByTestId('step-details');
  await expect(details.getByTestId('next-page')).toHaveText([/^\/about\s*1$/, /^\/thank-you\s*1$/]);
  await page.keyboard.press('Escape');

  // The breakdown by landing page: the backwards visitor entered in a session that landed on /cart.
  await page.getByLabel('Breakdown').selectOption('landing');
  await expect(card.getByTestId('breakdown-row')).toHaveText([/^\/\s*6\s*5\s*3\s*3\s*50%$/, /^\/cart\s*1\s*0\s*0\s*0\s*0%$/]);

  // Optimize Funnel: /cart loses the largest share (2 of 5); library patterns for a checkout step come first.
  await card.getByRole('button', { name: 'Optimize Funnel' }).click();
  const optimize = page.getByRole('dialog', { name: 'Optimize Funnel' });
  await expect(optimize.getByText('Step 3 (/cart) loses the most visitors: 40% drop off before it.')).toBeVisible();
  await expect(optimize.getByTestId('funnel-suggestions').getByRole('listitem').first()).toContainText('Pattern');
  await optimize.getByRole('button', { name: 'Start a Test' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/tests\?new$/);
  await expect(page.getByRole('dialog', { name: 'Create Test' })).toBeVisible();
});

/** A site with one 3-step funnel, made through the API. */
async function siteWithFunnel() {
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('funneledit'))) as unknown as { id: string };
  await owner.pb.collection('funnels').create({
    site_id: site.id,
    name: 'Signup',
    steps: [
      { kind: 'page', match: '/' },
      { kind: 'page', match: '/pricing' },
      { kind: 'page', match: '/signup' },
    ],
  });
  return { owner, site };
}

test('the owner edits a funnel, then deletes it', async ({ page }) => {
  const { owner, site } = await siteWithFunnel();
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/funnels');
  const card = page.getByTestId('funnel-card');
  await expect(card.getByTestId('funnel-step-label')).toHaveText(['/', '/pricing', '/signup']);
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Funnel' });
  await dialog.getByLabel('Funnel name').fill('Trial signup');
  await dialog.getByRole('button', { name: 'Remove step 2' }).click();
  await dialog.getByRole('button', { name: 'Save Funnel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('heading', { name: 'Trial signup' })).toBeVisible();
  await expect(card.getByTestId('funnel-step-label')).toHaveText(['/', '/signup']);
  const stored = await owner.pb.collection('funnels').getFirstListItem(`site_id = "${site.id}"`);
  expect(stored).toMatchObject({
    name: 'Trial signup',
    steps: [
      { kind: 'page', match: '/' },
      { kind: 'page', match: '/signup' },
    ],
  });

  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No Funnels Created Yet')).toBeVisible();
  expect(await owner.pb.collection('funnels').getFullList({ filter: `site_id = "${site.id}"` })).toHaveLength(0);
});

test('a viewer reads a funnel and can neither edit nor delete it', async ({ page }) => {
  const { site } = await siteWithFunnel();
  const viewer = await createUser();
  await (
    await superuser()
  )
    .collection('site_members')
    .create({ site_id: site.id, user_id: viewer.id, email: viewer.email, role: 'viewer', status: 'active' });
  await signInBrowser(page, viewer.pb);
  await page.goto('/dashboard/funnels');
  const card = page.getByTestId('funnel-card');
  await expect(card.getByTestId('funnel-step-label')).toHaveText(['/', '/pricing', '/signup']);
  await expect(card.getByRole('button', { name: 'Optimize Funnel' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create New Funnel' })).toHaveCount(0);
});
