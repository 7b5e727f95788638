// A bandit in Chromium: three arms, one converting best. Visitors arrive as the tracker assigns
// them under the current weights; after each period the test triggers the reallocation the server
// runs every 6 hours. Within three reallocations the best arm holds more than half of the traffic,
// no arm falls below the 5% floor, and the detail view shows the weight history the route reports.
import { expect, test } from '@playwright/test';
import type { ExperimentResults } from '../../src/dashboard/data/experiments';
import type { ExperimentRecord } from '../../src/dashboard/data/records';
import { assignVariant } from '../../src/lib/assignment';
import { percent } from '../../src/dashboard/screens/tests/format';
import { BASE, addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';

const RATES: Record<string, number> = { control: 0.05, b: 0.06, c: 0.25 };
const FLOOR = 0.05;

/** A seeded generator: the same visitors every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('a three-arm bandit moves traffic to the best arm within three reallocations, never below the floor', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await createUser();
  const domain = newDomain('bandit');
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.pb
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  const third = 1 / 3;
  let exp = await owner.pb.collection('experiments').create<ExperimentRecord>({
    site_id: site.id,
    name: 'Hero headline bandit',
    selector: 'h1',
    status: 'running',
    primary_goal: goal.id,
    bandit: true,
    bandit_min_weight: FLOOR,
    variants: [
      { key: 'control', name: 'Control', weight: third, changes: [] },
      { key: 'b', name: 'Short', weight: third, changes: [{ type: 'set_text', value: 'Start now' }] },
      { key: 'c', name: 'Benefit', weight: third, changes: [{ type: 'set_text', value: 'Double your sign-ups' }] },
    ],
  });

  const next = random(6);
  let n = 0;
  /** `count` visitors assigned as the tracker does under the experiment's current weights. */
  const period = async (count: number) => {
    const weights = exp.variants!.map((v) => v.weight);
    const t = Date.now() - 60_000;
    const batches = Array.from({ length: count }, () => {
      const visitor = `banditvisitor${(n++).toString(36)}`;
      const key = exp.variants![assignVariant(visitor, exp.seed as string, 1, weights)]!.key;
      const events: object[] = [{ t: 'xp', ts: t, p: '/', id: exp.id, n: key }];
      if (next() < RATES[key]!) events.push({ t: 'pv', ts: t + 500, p: '/thank-you' });
      return JSON.stringify({ k: site.public_key, v: visitor, s: `s${visitor}`, e: events });
    });
    for (let i = 0; i < batches.length; i += 20) {
      await Promise.all(
        batches.slice(i, i + 20).map(async (body) => {
          for (;;) {
            const res = await fetch(`${BASE}/api/cro/collect`, {
              method: 'POST',
              body,
              headers: { 'Content-Type': 'text/plain', Origin: `https://${domain}` },
            });
            if (res.status !== 429) return expect(res.status).toBe(202);
            await new Promise((r) => setTimeout(r, 300));
          }
        }),
      );
    }
  };

  const history: number[][] = [];
  for (let round = 0; round < 3; round++) {
    await period(round === 0 ? 450 : 300);
    await owner.pb.send(`/api/cro/experiments/${exp.id}/reallocate`, { method: 'POST', requestKey: null });
    exp = await owner.pb.collection('experiments').getOne<ExperimentRecord>(exp.id);
    const weights = exp.variants!.map((v) => v.weight);
    history.push(weights);
    for (const w of weights) expect(w).toBeGreaterThanOrEqual(FLOOR - 1e-12);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  }
  expect(history.some((w) => w[2]! > 0.5)).toBe(true);
  expect(history[2]![2]).toBeGreaterThan(0.5);

  // The route's history: the starting weights, then one period per reallocation, each split checked.
  const results = await owner.pb.send<ExperimentResults>(`/api/cro/experiments/${exp.id}/results`, { requestKey: null });
  expect(results.bandit!.periods.map((p) => p.weights)).toEqual([[third, third, third], ...history]);
  expect(results.srm.srm_ok).toBe(true);
  expect(results.variants.every((v) => !v.can_declare_winner || v.key !== 'control')).toBe(true);
  expect((await owner.pb.collection('experiments').getOne(exp.id)).status).toBe('running'); // no winner on its own

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/tests');
  await page.getByRole('button', { name: 'Hero headline bandit' }).click();
  const rows = page.getByTestId('bandit-period');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3).getByTestId('bandit-weight').nth(2)).toContainText(percent(history[2]![2]!));
  await expect(rows.nth(0).getByTestId('bandit-weight').nth(0)).toContainText(percent(third));
});
