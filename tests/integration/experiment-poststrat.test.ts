/**
 * Post-stratification of an A/B test on the server: visitors on desktops convert more often than
 * on phones; with enough visitors in every arm of both device classes the results route
 * post-stratifies by device class by default, with the engine's figures for the per-class sums
 * this test sent; turned off, it shows the pooled comparison.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, CHROME_UA, makeSite, post, rid } from './analytics/helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PER_CELL = 120;

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let exp: RecordModel;

type Cell = { count: number; sum: number };
const cells: Record<string, Record<string, Cell>> = {};

function cli(doc: object) {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected.comparisons[0] as {
    effect: number;
    se: number;
    post_stratification_applied?: boolean;
    two_sided: { p_value: number };
  };
}

type Body = {
  variants: { stats?: { uplift: number; se: number; p_value: number; post_stratified: boolean } }[];
  postStratification: { dimension: string; strata: string[]; applied: boolean[] } | null;
};
async function results(): Promise<Body> {
  const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
    headers: { Authorization: owner.client.authStore.token },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  owner = await server.createUser();
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  exp = await owner.client.collection('experiments').create({
    site_id: site.id,
    name: 'Signup button',
    selector: 'button',
    status: 'running',
    primary_goal: goal.id,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Green', weight: 0.5, changes: [{ type: 'set_style', name: 'color', value: 'green' }] },
    ],
  });
  const t = Date.now() - 30 * 60_000;
  const sends: Promise<Response>[] = [];
  for (const [device, ua, rate] of [
    ['desktop', CHROME_UA, 0.3],
    ['mobile', PHONE_UA, 0.08],
  ] as const) {
    cells[device] = {};
    for (const variant of ['control', 'b']) {
      const converting = Math.round(PER_CELL * rate * (variant === 'b' ? 1.25 : 1));
      cells[device][variant] = { count: PER_CELL, sum: converting };
      for (let i = 0; i < PER_CELL; i++) {
        const events: object[] = [{ t: 'xp', ts: t, p: '/', id: exp.id, n: variant }];
        if (i < converting) events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
        sends.push(post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') }), { ua }));
        if (sends.length >= 20) expect((await Promise.all(sends.splice(0))).every((r) => r.status === 202)).toBe(true);
      }
    }
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}, 300_000);
afterAll(async () => server?.stop());

describe('post-stratification by device class', () => {
  it('applies by default with both classes large enough: the engine’s figures for the per-class sums', async () => {
    const body = await results();
    expect(body.postStratification).toEqual({
      dimension: 'device',
      strata: ['desktop', 'mobile'],
      applied: [false, true],
      case: expect.anything(),
    });
    const want = cli({
      schema: 'experiment-stats-vectors/2',
      cases: [
        {
          id: 'p',
          category: 'post_stratification',
          metric: 'binomial',
          strata: ['desktop', 'mobile'].map((d) => ({ variants: ['control', 'b'].map((v) => cells[d]![v]) })),
          settings: {},
        },
      ],
    });
    expect(want.post_stratification_applied).toBe(true);
    const b = body.variants[1]!.stats!;
    expect(b.post_stratified).toBe(true);
    expect(b.uplift).toBeCloseTo(want.effect, 12);
    expect(b.se).toBeCloseTo(want.se, 12);
    expect(b.p_value).toBeCloseTo(want.two_sided.p_value, 12);
  });

  it('turned off, the pooled comparison', async () => {
    await owner.client.collection('experiments').update(exp.id, { post_stratification: 'none' });
    const body = await results();
    expect(body.postStratification).toBeNull();
    const pooled = (v: string) => ({ users: 2 * PER_CELL, conversions: cells.desktop![v]!.sum + cells.mobile![v]!.sum });
    const want = cli({ cases: [{ id: 'u', metric: 'binomial', variants: [pooled('control'), pooled('b')], weights: [0.5, 0.5] }] });
    const b = body.variants[1]!.stats!;
    expect(b.post_stratified).toBe(false);
    expect(b.se).toBeCloseTo(want.se, 12);
  });
});
