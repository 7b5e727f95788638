/**
 * CUPED on the server: 4,000 visitors arrive through the collect endpoint as the tracker sends
 * them; half of them converted the goal in the 14 days before their first exposure, and those
 * convert more often afterwards too. The results route adjusts the comparison for that
 * pre-exposure behaviour in the event store's query: its CUPED standard error is smaller than the
 * unadjusted one by what the engine computes from the same sums, and both equal what the engine's
 * own command answers for the sums this test computes from what it sent.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, makeSite, post, rid } from './analytics/helpers';
import { call, createKey } from './public-api/helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const VISITORS = 4000;
const DAY = 86_400_000;

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let goal: RecordModel;
let exp: RecordModel;

type Stats = { se: number; uplift: number; p_value: number; cuped: boolean };
type Body = {
  variants: { key: string; users: number; conversions: number; stats?: Stats; unadjusted_stats?: Stats }[];
  cuped: { window_days: number; applied: boolean[]; variance_reduction: (number | null)[] } | null;
};
type Sums = { count: number; post: number; pre: number; products: number };

/** A seeded generator, so that every run sends the same visitors. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cli(doc: object) {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected.comparisons[0] as { se: number; effect: number; two_sided: { p_value: number } };
}

/** Every visitor's story, and the sums per variant this test expects the server to find. */
function plan() {
  const next = random(35);
  const sums: Record<string, Sums> = { control: { count: 0, post: 0, pre: 0, products: 0 }, b: { count: 0, post: 0, pre: 0, products: 0 } };
  const visitors = [];
  for (let i = 0; i < VISITORS; i++) {
    const variant = i % 2 === 0 ? 'control' : 'b';
    // Half converted the goal 1-13 days before their exposure; a few of the others 20 days before
    // (outside the 14-day window: no covariate).
    const history = Math.floor(i / 2) % 2 === 0;
    const oldHistory = !history && next() < 0.1;
    const rate = (history ? 0.5 : 0.1) * (variant === 'b' ? 1.2 : 1);
    const converts = next() < rate;
    const daysBefore = history ? 1 + Math.floor(next() * 12) : oldHistory ? 20 : 0;
    visitors.push({ variant, daysBefore, converts });
    const s = sums[variant]!;
    s.count++;
    s.post += converts ? 1 : 0;
    s.pre += history ? 1 : 0;
    s.products += converts && history ? 1 : 0;
  }
  return { visitors, sums };
}

async function send(visitors: ReturnType<typeof plan>['visitors']) {
  const t = Date.now() - 60 * 60_000;
  const key = site.public_key as string;
  let next = 0;
  const worker = async () => {
    while (next < visitors.length) {
      const v = visitors[next++]!;
      const visitor = rid('v');
      if (v.daysBefore) {
        const at = t - v.daysBefore * DAY;
        const res = await post(server, batch(key, [{ t: 'pv', ts: at, p: '/thank-you' }], { v: visitor, s: rid('s') }));
        expect(res.status).toBe(202);
      }
      const events: object[] = [{ t: 'xp', ts: t, p: '/pricing', id: exp.id, n: v.variant }];
      if (v.converts) events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
      const res = await post(server, batch(key, events, { v: visitor, s: rid('s') }));
      expect(res.status).toBe(202);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  owner = await server.createUser();
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
  exp = await owner.client.collection('experiments').create({
    site_id: site.id,
    name: 'Headline',
    selector: 'h1',
    url_pattern: '/pricing',
    status: 'running',
    primary_goal: goal.id,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Short', weight: 0.5, changes: [{ type: 'set_text', value: 'Start now' }] },
    ],
  });
}, 60_000);
afterAll(async () => server?.stop());

describe('CUPED with pre-exposure history', () => {
  const { visitors, sums } = plan();
  let body: Body;
  beforeAll(async () => {
    await send(visitors);
    const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
      headers: { Authorization: owner.client.authStore.token },
    });
    expect(res.status).toBe(200);
    body = (await res.json()) as Body;
  }, 600_000);

  it('counts what was sent', () => {
    expect(body.variants.map((v) => [v.key, v.users, v.conversions])).toEqual([
      ['control', sums.control!.count, sums.control!.post],
      ['b', sums.b!.count, sums.b!.post],
    ]);
  });

  it("shows the adjusted comparison, with a smaller standard error by the engine's own reduction", () => {
    const order = [sums.control!, sums.b!];
    const unadjusted = cli({
      cases: [{ id: 'u', metric: 'binomial', variants: order.map((s) => ({ users: s.count, conversions: s.post })), weights: [0.5, 0.5] }],
    });
    const cuped = cli({
      schema: 'experiment-stats-vectors/2',
      cases: [
        {
          id: 'c',
          category: 'cuped',
          metric: 'binomial',
          cuped: true,
          variants: order.map((s) => ({
            count: s.count,
            post: { sum: s.post },
            pre: { sum: s.pre },
            post_pre_sum_of_products: s.products,
          })),
          settings: {},
        },
      ],
    });
    const b = body.variants[1]!;
    expect(b.stats!.cuped).toBe(true);
    expect(b.stats!.se).toBeCloseTo(cuped.se, 12);
    expect(b.stats!.uplift).toBeCloseTo(cuped.effect, 12);
    expect(b.stats!.p_value).toBeCloseTo(cuped.two_sided.p_value, 12);
    expect(b.unadjusted_stats!.cuped).toBe(false);
    expect(b.unadjusted_stats!.se).toBeCloseTo(unadjusted.se, 12);
    expect(cuped.se).toBeLessThan(unadjusted.se);
    expect(body.cuped!.window_days).toBe(14);
    expect(body.cuped!.applied).toEqual([false, true]);
    expect(body.cuped!.variance_reduction[0]).toBeNull();
    expect(body.cuped!.variance_reduction[1]).toBeCloseTo(1 - (cuped.se / unadjusted.se) ** 2, 12);
    // History explains a large share of who converts: a real reduction, not rounding.
    expect(body.cuped!.variance_reduction[1]).toBeGreaterThan(0.1);
  });

  it("the planner shrinks a new test's sample of the goal by the reduction measured here", async () => {
    const res = await fetch(`${server.url}/api/cro/experiments/plan?site=${site.id}&goal=${goal.id}&mde=0.1&arms=2`, {
      headers: { Authorization: owner.client.authStore.token },
    });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as {
      perArm: number;
      perArmUnadjusted: number;
      varianceReduction: { experimentId: string; name: string; reduction: number };
    };
    const reduction = body.cuped!.variance_reduction[1]!;
    expect(plan.varianceReduction).toEqual({ experimentId: exp.id, name: 'Headline', reduction });
    expect(plan.perArm).toBe(Math.ceil(plan.perArmUnadjusted * (1 - reduction)));
    expect(plan.perArm).toBeLessThan(plan.perArmUnadjusted);
  });

  it('the public API answers the same fields and figures as the results route', async () => {
    await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
    const { key } = await createKey(owner, site.id, 'read');
    const api = await call(server, 'GET', `/v1/experiments/${exp.id}/results?site_id=${site.id}`, key);
    expect(api.status).toBe(200);
    const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
      headers: { Authorization: owner.client.authStore.token },
    });
    expect(api.body).toEqual(await res.json());
    expect(api.body).toMatchObject({ cuped: { window_days: 14 }, correction: { method: 'none' } });
  });
});
