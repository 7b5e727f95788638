/**
 * Ratio metrics of an A/B test on the server: pages per session as the primary metric and average
 * order value as a secondary one, from visitors sent through the collect endpoint. The results
 * route's per-variant sums are those of what this test sent, and its comparison is the engine's
 * delta method for those sums (the engine's own command answers the same).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, makeSite, post, rid } from './analytics/helpers';

const ROOT = join(import.meta.dirname, '..', '..');

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let exp: RecordModel;

type Sums = {
  count: number;
  numerator: number;
  numerator_squares: number;
  denominator: number;
  denominator_squares: number;
  products: number;
};
const zero = (): Sums => ({ count: 0, numerator: 0, numerator_squares: 0, denominator: 0, denominator_squares: 0, products: 0 });
function add(s: Sums, num: number, den: number) {
  s.count++;
  s.numerator += num;
  s.numerator_squares += num * num;
  s.denominator += den;
  s.denominator_squares += den * den;
  s.products += num * den;
}

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The engine's ratio comparison for the sums, from its own command. */
function engine(sums: Sums[]) {
  const input = JSON.stringify({
    schema: 'experiment-stats-vectors/2',
    cases: [
      {
        id: 'r',
        category: 'ratio',
        metric: 'ratio',
        ratio_components: { numerator: 'mean', denominator: 'mean' },
        variants: sums.map((s) => ({
          count: s.count,
          numerator: { sum: s.numerator, sum_squares: s.numerator_squares },
          denominator: { sum: s.denominator, sum_squares: s.denominator_squares },
          numerator_denominator_sum_of_products: s.products,
        })),
        settings: {},
      },
    ],
  });
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], { cwd: ROOT, input, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected.comparisons[0] as { effect: number; se: number; two_sided: { p_value: number } };
}

const pages: Record<string, Sums> = { control: zero(), b: zero() };
const orders: Record<string, Sums> = { control: zero(), b: zero() };

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  owner = await server.createUser();
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  exp = await owner.client.collection('experiments').create({
    site_id: site.id,
    name: 'Navigation',
    selector: 'nav',
    status: 'running',
    primary_goal: 'pages_per_session',
    secondary_goals: ['average_order_value'],
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Sticky', weight: 0.5, changes: [{ type: 'set_style', name: 'position', value: 'sticky' }] },
    ],
  });
  const next = random(7);
  const t = Date.now() - 60 * 60_000;
  const key = site.public_key as string;
  const sends: Promise<Response>[] = [];
  for (let i = 0; i < 240; i++) {
    const variant = i % 2 === 0 ? 'control' : 'b';
    const visitor = rid('v');
    const sessions = next() < 0.3 ? 2 : 1;
    let views = 0;
    let bought = 0;
    let value = 0;
    for (let s = 0; s < sessions; s++) {
      const at = t + s * 3_600_000 * 0.25;
      const n = 1 + Math.floor(next() * (variant === 'b' ? 6 : 4));
      const events: object[] = s === 0 ? [{ t: 'xp', ts: at, p: '/', id: exp.id, n: variant }] : [];
      for (let k = 0; k < n; k++) events.push({ t: 'pv', ts: at + 1000 * (k + 1), p: `/p${k}` });
      if (next() < 0.3) {
        const val = 10 + Math.floor(next() * 40);
        events.push({ t: 'ev', ts: at + 1000 * (n + 1), p: '/checkout', n: 'purchase', val });
        bought++;
        value += val;
      }
      views += n;
      sends.push(post(server, batch(key, events, { v: visitor, s: rid('s') })));
    }
    add(pages[variant]!, views, sessions);
    add(orders[variant]!, value, bought);
    if (sends.length >= 20) expect((await Promise.all(sends.splice(0))).every((r) => r.status === 202)).toBe(true);
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}, 300_000);
afterAll(async () => server?.stop());

async function results(goal: string) {
  const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results?goal=${goal}`, {
    headers: { Authorization: owner.client.authStore.token },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    goal: { id: string; name: string; type: string };
    variants: { key: string; rate: number; stats?: { uplift: number; se: number; p_value: number; p_value_adjusted: number | null } }[];
    ratioCase: { variants: { count: number; numerator: { sum: number }; denominator: { sum: number } }[] };
    correction: { method: string; family_size: number };
  };
}

describe('ratio metrics', () => {
  it.each([
    ['pages_per_session', 'Pages per session', pages],
    ['average_order_value', 'Average order value', orders],
  ])('%s: the sums of what was sent, compared by the delta method', async (goal, name, sums) => {
    const body = await results(goal);
    expect(body.goal).toEqual({ id: goal, name, type: 'ratio' });
    expect(body.ratioCase.variants.map((v) => [v.count, v.numerator.sum, v.denominator.sum])).toEqual(
      [sums.control!, sums.b!].map((s) => [s.count, s.numerator, s.denominator]),
    );
    expect(body.variants[1]!.rate).toBeCloseTo(sums.b!.numerator / sums.b!.denominator, 12);
    const want = engine([sums.control!, sums.b!]);
    const b = body.variants[1]!.stats!;
    expect(b.uplift).toBeCloseTo(want.effect, 12);
    expect(b.se).toBeCloseTo(want.se, 12);
    expect(b.p_value).toBeCloseTo(want.two_sided.p_value, 12);
    // Both metrics are one family: Holm-Bonferroni by default.
    expect(body.correction).toMatchObject({ method: 'holm-bonferroni', family_size: 2 });
    expect(b.p_value_adjusted).not.toBeNull();
  });

  it('refuses a goal per session of a goal the site does not have (400)', async () => {
    const res = await fetch(`${server.url}/api/collections/experiments/records/${exp.id}`, {
      method: 'PATCH',
      headers: { Authorization: owner.client.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ secondary_goals: ['goal_per_session:abcdefghij12345'] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('a ratio metric (revenue_per_session, average_order_value, pages_per_session');
  });
});
