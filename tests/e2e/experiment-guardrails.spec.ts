// A/B test safety and planning in Chromium: the wizard plans with the goal's baseline measured on
// the site's own traffic (or, without traffic, says so and plans with a typed baseline); a started
// test whose variant throws page errors for many visitors is paused by the server's guardrail
// check, and the detail view shows the breached guardrail and why the test was paused.
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { ExperimentResults, TestPlan } from '../../src/dashboard/data/experiments';
import { BASE, addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';

const rid = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Posts one batch per visitor as the tracker does, waiting out the collect endpoint's rate limit. */
async function send(site: { public_key: string; domain: string }, batches: object[][]) {
  const one = async (e: object[]) => {
    const body = JSON.stringify({ k: site.public_key, v: rid('v'), s: rid('s'), e });
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
      return;
    }
  };
  for (let i = 0; i < batches.length; i += 20) await Promise.all(batches.slice(i, i + 20).map(one));
}

async function paidSite(tag: string) {
  const owner = await createUser();
  const domain = newDomain(tag);
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.pb
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  return { owner, site: { ...site, domain }, goal };
}

const plan = (pb: PocketBase, query: Record<string, string | number>) =>
  pb.send<TestPlan>('/api/cro/experiments/plan', { query, requestKey: null });

test('the planner measures the baseline; a variant full of page errors is paused with the reason shown', async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, site, goal } = await paidSite('guard');
  // 40 visitors of the last days, 10 of them reached the goal page: a 25% baseline, 40 / 28 visitors a day.
  const t = Date.now() - 2 * 86_400_000;
  await send(
    site,
    Array.from({ length: 40 }, (_, i) => [{ t: 'pv', ts: t, p: '/' }, ...(i < 10 ? [{ t: 'pv', ts: t + 500, p: '/thank-you' }] : [])]),
  );
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/tests');
  await page.getByRole('button', { name: 'Create Test' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create Test' });
  await wizard.getByLabel('Test name').fill('Checkout button');
  await wizard.getByLabel('Page (URL pattern)').fill('/checkout');
  await wizard.getByLabel('Element (CSS selector)').fill('button.buy');
  await wizard.getByLabel('Variant 1 name').fill('Buy now');
  await wizard.getByLabel('Variant 1 change value').fill('Buy now');
  await expect(wizard.getByLabel('Baseline conversion rate (%)')).toHaveValue('25');
  await expect(wizard.getByText('Measured: 10 of 40 visitors in the last 28 days.')).toBeVisible();
  await wizard.getByLabel('Smallest uplift to detect (%)').fill('30');
  const expected = await plan(owner.pb, { site: site.id, goal: goal.id, mde: 0.3, arms: 2, traffic: 100 });
  expect(expected).toMatchObject({ baseline: 0.25, dailyVisitors: 40 / 28 });
  await expect(wizard.getByTestId('plan-summary')).toHaveText(
    `${expected.perArm!.toLocaleString('en-US')} visitors per variant, ${expected.total!.toLocaleString('en-US')} in all: about ${expected.days!.toLocaleString('en-US')} days at your 1 visitors a day.`,
  );
  await expect(wizard.getByRole('checkbox', { name: 'Page-error rate' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Create Test' }).click();
  const detail = page.getByTestId('test-detail');
  await detail.getByRole('button', { name: 'Start Test' }).click();
  await expect(page.getByText('Test started')).toBeVisible();
  const exp = await owner.pb.collection('experiments').getFirstListItem(`site_id = "${site.id}"`);
  expect(exp).toMatchObject({
    status: 'running',
    guardrails: [{ metric: 'error_rate', threshold: 20 }],
    planned_sample_size: expected.total,
  });

  // 120 visitors per arm; 3 of the control's and 60 of the variant's hit a page error after seeing it.
  const visitor = (variant: string, erring: boolean) => [
    { t: 'xp', ts: Date.now() - 60_000, p: '/checkout', id: exp.id, n: variant },
    ...(erring ? [{ t: 'er', ts: Date.now() - 30_000, p: '/checkout', m: 'TypeError: pay is not a function' }] : []),
  ];
  await send(site, [
    ...Array.from({ length: 120 }, (_, i) => visitor('control', i < 3)),
    ...Array.from({ length: 120 }, (_, i) => visitor('b', i < 60)),
  ]);

  // The server pauses it; the detail view follows the record and shows why.
  await expect(detail.getByText('paused', { exact: false }).first()).toBeVisible({ timeout: 20_000 });
  const [rollback] = await owner.pb.collection('optimization_rollbacks').getFullList({ filter: `experiment_id = "${exp.id}"` });
  // The check runs every 2 s while the traffic arrives (batches of 20, in order), so it may pause the
  // test before all 120 of the variant's visitors are counted; the first 60 err (all of them if it
  // counted fewer) and the control's 120 (3 erring) came first. The reason must state exactly the
  // rates its counts give.
  const reason = rollback!.trigger_reason as string;
  const counted = /\((\d+) and 120 visitors\)$/.exec(reason);
  expect(counted, reason).not.toBeNull();
  const users = Number(counted![1]);
  expect(users).toBeLessThanOrEqual(120);
  const rate = `${((Math.min(60, users) / users) * 100).toFixed(1)}%`;
  expect(reason).toBe(
    `Guardrail breached in "Checkout button": Buy now's page-error rate was ${rate} against 2.5% for the control, ` +
      `worse by more than the 20% allowed (${users} and 120 visitors)`,
  );
  await expect(page.getByTestId('pause-reason')).toContainText(rollback!.trigger_reason as string);
  // A paused test counts no new exposures, so how many of the variant's visitors count depends on
  // when the check paused it; the view must show the rates of the counts the results route has.
  const results = () => owner.pb.send<ExperimentResults>(`/api/cro/experiments/${exp.id}/results`, { requestKey: null });
  expect((await results()).guardrails[0]).toMatchObject({ status: 'breached' });
  const shown = async () => {
    const b = (await results()).variants[1]!.users;
    return `Buy now: ${((Math.min(60, b) / b) * 100).toFixed(1)}% vs 2.5% for the control`;
  };
  await page.reload(); // the view loads the figures when the test is opened
  await page.getByRole('button', { name: 'Checkout button' }).click();
  const guardrail = page.getByTestId('guardrail-error_rate');
  await expect(guardrail).toContainText('Page-error rate');
  await expect(guardrail).toContainText('Breached');
  await expect
    .poll(async () => (await page.getByTestId('guardrail-error_rate-b').textContent()) === (await shown()), { timeout: 15_000 })
    .toBe(true);

  // Safety lists the pause with the rules' rollbacks.
  await page.goto('/dashboard/safety');
  await page.getByRole('tab', { name: /Rollback History/ }).click();
  await expect(page.getByTestId('rollback-entry')).toContainText(rollback!.trigger_reason as string);
});

test('without traffic the planner says so and plans with the baseline the owner types', async ({ page }) => {
  // A sign-in, the dashboard and the wizard: about 25 s while other jobs load this machine, near the default 30 s.
  test.setTimeout(60_000);
  const { owner, site, goal } = await paidSite('quiet');
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/tests');
  await page.getByRole('button', { name: 'Create Test' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create Test' });
  await expect(wizard.getByText('No visitors measured in the last 28 days: type the rate you expect.')).toBeVisible();
  await expect(wizard.getByTestId('plan-summary')).toHaveText(
    'No traffic measured in the last 28 days: type a baseline conversion rate to plan the test.',
  );
  await expect(wizard.getByLabel('Baseline conversion rate (%)')).toHaveValue('');
  await wizard.getByLabel('Baseline conversion rate (%)').fill('5');
  const typed = await plan(owner.pb, { site: site.id, goal: goal.id, mde: 0.1, arms: 2, traffic: 100, baseline: 0.05 });
  expect(typed.days).toBeNull();
  await expect(wizard.getByTestId('plan-summary')).toHaveText(
    `${typed.perArm!.toLocaleString('en-US')} visitors per variant, ${typed.total!.toLocaleString('en-US')} in all. Your site has no measured traffic yet, so the days it takes are unknown.`,
  );
});
