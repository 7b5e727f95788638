// A/B tests end to end in Chromium: the owner creates a two-variant test through the wizard and
// starts it; a driver speaking the tracker's collect protocol adds exposed visitors with known
// conversions (hundreds per variant rather than tens of thousands, to keep the run short); the
// detail view shows exactly those counts and the engine's figures from the results route; a
// 55/45 split on a 50/50 test shows the SRM warning and no 'Declare Winner'; a clear winner is
// declared and its rule appears in Optimizations.
import { expect, test, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { interval, pValue, percent, signedPercent } from '../../src/dashboard/screens/tests/format';
import type { ExperimentResults } from '../../src/dashboard/data/experiments';
import { BASE, addSite, createUser, newDomain, openFromSidebar, signInBrowser, superuser } from './dashboard/helpers';

const rid = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

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
    const e: object[] = [{ t: 'xp', ts: t, p: '/pricing', id: experimentId, n: variant }];
    if (i < conversions) e.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
    const body = JSON.stringify({ k: site.public_key, v: rid('v'), s: rid('s'), e });
    // The collect endpoint limits one client's rate: wait for the bucket to refill and send again.
    for (;;) {
      const res = await fetch(`${BASE}/api/cro/collect`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'text/plain', Origin: `https://${site.domain}` },
      });
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, 300));
        continue;
      }
      expect(res.status).toBe(202);
      expect((await res.json()).dropped ?? 0).toBe(0);
      return;
    }
  };
  for (let i = 0; i < users; i += 20) await Promise.all(Array.from({ length: Math.min(20, users - i) }, (_, j) => send(i + j)));
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

test('create, start, read the results, see a broken split, declare a winner', async ({ page }) => {
  test.setTimeout(180_000);
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
  await wizard.getByLabel('Page (URL pattern)').fill('/pricing');
  await wizard.getByLabel('Element (CSS selector)').fill('h1');
  await wizard.getByLabel('Variant 1 name').fill('Benefit');
  await wizard.getByLabel('Variant 1 change value').fill('Start free today');
  await expect(wizard.getByLabel('Goal')).toHaveValue((await owner.pb.collection('goals').getFirstListItem('')).id);
  await wizard.getByLabel('Baseline conversion rate (%)').fill('10');
  await wizard.getByLabel('Smallest uplift to detect (%)').fill('20');
  const plan = await owner.pb.send('/api/cro/experiments/plan', { query: { baseline: 0.1, mde: 0.2, arms: 2 }, requestKey: null });
  await expect(wizard.getByTestId('plan-summary')).toContainText(`${plan.perArm.toLocaleString('en-US')} visitors per variant`);
  await wizard.getByRole('button', { name: 'Create Test' }).click();
  await expect(wizard).toHaveCount(0);
  const detail = page.getByTestId('test-detail');
  await expect(detail.getByRole('heading', { name: 'Pricing headline' })).toBeVisible();
  await detail.getByRole('button', { name: 'Start Test' }).click();
  await expect(page.getByText('Test started')).toBeVisible();
  const exp = await owner.pb.collection('experiments').getFirstListItem(`site_id = "${site.id}"`);
  expect(exp).toMatchObject({ status: 'running', selector: 'h1', url_pattern: '/pricing' });
  expect(exp.variants.map((v: { key: string; name: string }) => v.name)).toEqual(['Control', 'Benefit']);

  // 800 visitors per arm; 100 and 150 of them reach the goal page.
  const target = { public_key: site.public_key, domain };
  await drive(target, exp.id, 'control', 800, 100);
  await drive(target, exp.id, 'b', 800, 150);
  const r = await resultsOf(owner.pb, exp.id);
  expect(r.srm.srm_ok).toBe(true);
  expect(r.variants[1]!.can_declare_winner).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Pricing headline' }).click();
  await expectRow(page, r, 'control', 800, 100);
  await expectRow(page, r, 'b', 800, 150);
  await expect(page.getByTestId('interval-b')).toHaveCount(1);
  await expect(page.getByText('Sample ratio mismatch: results are not trustworthy')).toHaveCount(0);

  // A 55/45 split on a 50/50 test: the same kind of lead, but the split is broken.
  const skewed = await owner.pb.collection('experiments').create({
    site_id: site.id,
    name: 'Button colour',
    status: 'running',
    selector: 'button.cta',
    url_pattern: '/pricing',
    primary_goal: exp.primary_goal,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Green', weight: 0.5, changes: [{ type: 'set_style', name: 'background-color', value: 'green' }] },
    ],
  });
  await drive(target, skewed.id, 'control', 1100, 110);
  await drive(target, skewed.id, 'b', 900, 150);
  const s = await resultsOf(owner.pb, skewed.id);
  expect(s.srm.srm_ok).toBe(false);
  await page.getByRole('button', { name: 'All tests' }).click();
  await page.getByRole('button', { name: 'Button colour' }).click();
  await expect(page.getByRole('alert')).toHaveText('Sample ratio mismatch: results are not trustworthy');
  await expectRow(page, s, 'control', 1100, 110);
  await expectRow(page, s, 'b', 900, 150);
  await expect(page.getByRole('button', { name: 'Declare Winner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause Test' })).toBeVisible();

  // The clear winner: declared from the list, live for every visitor in Optimizations.
  await page.getByRole('button', { name: 'All tests' }).click();
  const row = page.getByTestId(`test-${exp.id}`);
  await expect(row).toContainText(percent(r.variants[1]!.stats!.chance_to_beat_control));
  await expect(page.getByTestId(`test-${skewed.id}`).getByRole('button', { name: 'Declare Winner' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Declare Winner' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Benefit deployed to every visitor')).toBeVisible();
  await expect(toasts.getByText('Pricing headline')).toBeVisible();
  await expect(row).toContainText('completed');
  await openFromSidebar(page, 'Optimizations');
  await expect(page.getByText('Pricing headline: Benefit')).toBeVisible();
  const rule = await owner.pb.collection('optimization_rules').getFirstListItem(`site_id = "${site.id}"`);
  expect(rule).toMatchObject({ enabled: true, rollout_percentage: 100, auto_rollback_enabled: true, selector: 'h1' });

  // Overview: both started tests in 'Recent Test Results'; 'Create New Test' opens the wizard.
  await openFromSidebar(page, 'Overview');
  const recent = page.getByTestId('recent-tests');
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(recent.getByRole('listitem').filter({ hasText: 'Pricing headline' })).toContainText(
    `completed · ${signedPercent(r.variants[1]!.stats!.uplift)} uplift, ${percent(r.variants[1]!.stats!.chance_to_beat_control)} chance to win`,
  );
  await page.getByRole('button', { name: 'Create New Test' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Test' })).toBeVisible();
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
