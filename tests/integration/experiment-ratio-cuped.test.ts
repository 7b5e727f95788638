/**
 * CUPED for ratio metrics on the server: pages per session, where half the visitors had a session
 * in the 14 days before their first exposure and browse about as deeply after it. The results
 * route adjusts the delta-method comparison with the pre-exposure numerator and denominator (the
 * engine's regression-adjusted ratio): its standard error is smaller than the unadjusted one, and
 * both equal what the engine's own command answers for the sums this test computes from what it sent.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, makeSite, post, rid } from './analytics/helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const VISITORS = 600;
const DAY = 86_400_000;

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let exp: RecordModel;

/** One arm's sums of the four per-visitor values (numerator, denominator and their pre-exposure twins). */
type Arm = { count: number; v: number[][] };
const arm = (): Arm => ({ count: 0, v: [] });

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sum = (a: Arm, f: (x: number[]) => number) => a.v.reduce((s, x) => s + f(x), 0);
const sums = (a: Arm, i: number) => ({ sum: sum(a, (x) => x[i]!), sum_squares: sum(a, (x) => x[i]! * x[i]!) });
const products = (a: Arm, i: number, j: number) => sum(a, (x) => x[i]! * x[j]!);

/** The engine's comparison of the arms, with or without CUPED, from its own command. */
function engine(arms: Arm[], cuped: boolean) {
  const variants = arms.map((a) =>
    cuped
      ? {
          count: a.count,
          numerator: sums(a, 0),
          denominator: sums(a, 1),
          numerator_pre: sums(a, 2),
          denominator_pre: sums(a, 3),
          products: {
            numerator_denominator: products(a, 0, 1),
            numerator_numerator_pre: products(a, 0, 2),
            denominator_denominator_pre: products(a, 1, 3),
            numerator_pre_denominator_pre: products(a, 2, 3),
            numerator_denominator_pre: products(a, 0, 3),
            numerator_pre_denominator: products(a, 2, 1),
          },
        }
      : { count: a.count, numerator: sums(a, 0), denominator: sums(a, 1), numerator_denominator_sum_of_products: products(a, 0, 1) },
  );
  const input = JSON.stringify({
    schema: 'experiment-stats-vectors/2',
    cases: [
      {
        id: 'r',
        category: cuped ? 'cuped' : 'ratio',
        metric: 'ratio',
        cuped,
        ratio_components: { numerator: 'mean', denominator: 'mean' },
        variants,
        settings: {},
      },
    ],
  });
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], { cwd: ROOT, input, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected.comparisons[0] as { effect: number; se: number };
}

const arms: Record<string, Arm> = { control: arm(), b: arm() };

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
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Sticky', weight: 0.5, changes: [{ type: 'set_style', name: 'position', value: 'sticky' }] },
    ],
  });
  const next = random(53);
  const t = Date.now() - 60 * 60_000;
  const key = site.public_key as string;
  let i = 0;
  const worker = async () => {
    while (i < VISITORS) {
      const n = i++;
      const variant = n % 2 === 0 ? 'control' : 'b';
      const visitor = rid('v');
      // Half browsed 1-8 pages in a session 1-12 days before; after the exposure they browse about as deep.
      const depth = 1 + Math.floor(next() * 8);
      const history = Math.floor(n / 2) % 2 === 0;
      let pre = 0;
      if (history) {
        const at = t - (1 + Math.floor(next() * 12)) * DAY;
        const events = Array.from({ length: depth }, (_, k) => ({ t: 'pv', ts: at + 1000 * k, p: `/old${k}` }));
        expect((await post(server, batch(key, events, { v: visitor, s: rid('s') }))).status).toBe(202);
        pre = depth;
      }
      const views = Math.max(1, (history ? depth : 1 + Math.floor(next() * 8)) + (variant === 'b' ? 1 : 0) - Math.floor(next() * 2));
      const events: object[] = [{ t: 'xp', ts: t, p: '/', id: exp.id, n: variant }];
      for (let k = 0; k < views; k++) events.push({ t: 'pv', ts: t + 1000 * (k + 1), p: `/p${k}` });
      expect((await post(server, batch(key, events, { v: visitor, s: rid('s') }))).status).toBe(202);
      const a = arms[variant]!;
      a.count++;
      a.v.push([views, 1, pre, history ? 1 : 0]);
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
}, 600_000);
afterAll(async () => server?.stop());

describe('CUPED for a ratio metric', () => {
  it('adjusts pages per session by the pre-exposure sessions, by the engine’s own figures', async () => {
    const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
      headers: { Authorization: owner.client.authStore.token },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      variants: { key: string; stats?: { se: number; uplift: number; cuped: boolean }; unadjusted_stats?: { se: number } }[];
      cuped: { window_days: number; applied: boolean[]; variance_reduction: (number | null)[] } | null;
    };
    const b = body.variants[1]!;
    const adjusted = engine([arms.control!, arms.b!], true);
    const plain = engine([arms.control!, arms.b!], false);
    expect(b.unadjusted_stats!.se).toBeCloseTo(plain.se, 10);
    expect(b.stats!.cuped).toBe(true);
    expect(b.stats!.se).toBeCloseTo(adjusted.se, 10);
    expect(b.stats!.uplift).toBeCloseTo(adjusted.effect, 10);
    expect(adjusted.se).toBeLessThan(plain.se);
    expect(body.cuped).toMatchObject({ window_days: 14, applied: [false, true] });
    expect(body.cuped!.variance_reduction[1]).toBeCloseTo(1 - (adjusted.se / plain.se) ** 2, 10);
  });
});
