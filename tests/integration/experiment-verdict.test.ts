/**
 * The statistics of an A/B test on the server: visitors arrive through the collect endpoint as the
 * tracker sends them, the results route reports the statistics engine's figures for those counts
 * (checked against the engine's own command on the same counts), flags a broken traffic split,
 * and a winner can be declared only when the verdict allows it: it then becomes a rule for every
 * visitor, under the automatic rollback, and the experiment completes.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember } from '../helpers/site-access';
import { batch, makeSite, post, rid } from './analytics/helpers';

const ROOT = join(import.meta.dirname, '..', '..');

let server: TestServer;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let site: RecordModel;
let goal: RecordModel;

type Stats = Record<string, unknown>;
type Interval = [number | null, number | null];
/** The fields of the engine's comparison this test reads. */
type Comparison = {
  effect: number;
  two_sided: { ci: Interval; p_value: number };
  sequential: { ci: Interval; p_value: number };
  bayesian: { chance_to_win: number; risk: [number, number] };
};
type VariantBody = {
  key: string;
  users: number;
  conversions: number;
  rate: number;
  stats?: Stats;
  revenue_stats?: Stats;
  can_declare_winner: boolean;
};

/** The engine's comparisons for binomial counts, from its own command. */
function engine(metric: 'binomial' | 'mean', variants: object[], weights: number[]) {
  const input = JSON.stringify({ cases: [{ id: 'c', metric, variants, weights }] });
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], { cwd: ROOT, input, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected as { srm_p_value: number; comparisons: Comparison[] };
}

function experiment(selector: string, extra: object = {}) {
  return editor.client.collection('experiments').create({
    site_id: site.id,
    name: `Test on ${selector}`,
    selector,
    url_pattern: '/pricing',
    status: 'running',
    primary_goal: goal.id,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Bold button', weight: 0.5, changes: [{ type: 'set_style', name: 'font-weight', value: '700' }] },
    ],
    ...extra,
  });
}

/** `users` visitors see `variant`; the first `conversions` of them then reach the goal page, each buying for `value`. */
async function drive(exp: RecordModel, variant: string, users: number, conversions: number, value = 0) {
  const t = Date.now() - 30 * 60_000;
  const sends = [];
  for (let i = 0; i < users; i++) {
    const events: object[] = [{ t: 'xp', ts: t, p: '/pricing', id: exp.id, n: variant }];
    if (i < conversions) {
      events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
      if (value) events.push({ t: 'ev', ts: t + 2000, p: '/checkout', n: 'purchase', val: value });
    }
    sends.push(post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') })));
    if (sends.length === 20) expect((await Promise.all(sends.splice(0))).every((r) => r.status === 202)).toBe(true);
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}

async function results(exp: RecordModel, user: TestUser = viewer) {
  const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
    headers: { Authorization: user.client.authStore.token },
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ variants: VariantBody[]; srm: { p_value: number; srm_ok: boolean } }>;
}

function declare(exp: RecordModel, user: TestUser, variant: string) {
  return fetch(`${server.url}/api/cro/experiments/${exp.id}/declare-winner`, {
    method: 'POST',
    headers: { Authorization: user.client.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant }),
  });
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  [owner, editor, viewer] = await Promise.all([server.createUser(), server.createUser(), server.createUser()]);
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, viewer, 'viewer');
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
});
afterAll(async () => server?.stop());

describe('a clear winner', () => {
  let exp: RecordModel;
  beforeAll(async () => {
    exp = await experiment('button.buy', { secondary_goals: ['revenue'] });
    await drive(exp, 'control', 100, 10, 20);
    await drive(exp, 'b', 100, 30, 20);
  });

  it("reports the engine's figures for the counts, revenue per visitor too", async () => {
    const body = await results(exp);
    expect(body.variants.map((v) => [v.key, v.users, v.conversions, v.rate])).toEqual([
      ['control', 100, 10, 0.1],
      ['b', 100, 30, 0.3],
    ]);
    const conv = engine(
      'binomial',
      [
        { users: 100, conversions: 10 },
        { users: 100, conversions: 30 },
      ],
      [0.5, 0.5],
    ).comparisons[0]!;
    const b = body.variants[1]!;
    expect(body.variants[0]!.stats).toBeUndefined();
    expect(b.stats).toMatchObject({
      status: 'ok',
      control_mean: 0.1,
      variant_mean: 0.3,
      uplift: conv.effect,
      uplift_ci: conv.two_sided.ci,
      p_value: conv.two_sided.p_value,
      sequential_ci: conv.sequential.ci,
      sequential_p_value: conv.sequential.p_value,
      chance_to_beat_control: conv.bayesian.chance_to_win,
      risk: conv.bayesian.risk,
      cuped: false,
    });
    expect(conv.effect).toBeCloseTo(2, 12);
    expect(conv.bayesian.chance_to_win).toBeGreaterThan(0.95);
    const rev = engine(
      'mean',
      [
        { count: 100, sum: 200, sum_squares: 4000 },
        { count: 100, sum: 600, sum_squares: 12000 },
      ],
      [0.5, 0.5],
    ).comparisons[0]!;
    expect(b.revenue_stats).toMatchObject({
      uplift: rev.effect,
      p_value: rev.two_sided.p_value,
      chance_to_beat_control: rev.bayesian.chance_to_win,
    });
    expect(body.srm).toMatchObject({ p_value: 1, srm_ok: true });
    expect(b.can_declare_winner).toBe(true);
    expect(body.variants[0]!.can_declare_winner).toBe(false);
  });

  it('refuses a viewer, the control and a stranger body, changing nothing', async () => {
    expect((await declare(exp, viewer, 'b')).status).toBe(403);
    const control = await declare(exp, editor, 'control');
    expect(control.status).toBe(400);
    expect((await control.json()).message).toBe("The winner must be one of the experiment's variants other than the control.");
    expect((await server.admin.collection('experiments').getOne(exp.id)).status).toBe('running');
  });

  it('an editor declares it: a rule for every visitor under the safety net, the experiment completed', async () => {
    const res = await declare(exp, editor, 'b');
    expect(res.status).toBe(200);
    const { ruleId } = await res.json();
    const rule = await server.admin.collection('optimization_rules').getOne(ruleId);
    expect(rule).toMatchObject({
      site_id: site.id,
      enabled: true,
      rollout_percentage: 100,
      auto_rollback_enabled: true,
      health_status: 'healthy',
      url_pattern: '/pricing',
      selector: 'button.buy',
      changes: [{ type: 'set_style', name: 'font-weight', value: '700' }],
    });
    expect(rule.seed).toMatch(/^\w{16}$/);
    const audit = await server.admin.collection('optimization_audit_log').getFullList({ filter: `rule_id = "${ruleId}"` });
    expect(audit.map((a) => [a.action, a.actor_id, a.reason])).toEqual([
      ['created', editor.record.id, `Winner of A/B test "Test on button.buy": Bold button`],
    ]);
    const done = await server.admin.collection('experiments').getOne(exp.id);
    expect([done.status, done.winner]).toEqual(['completed', 'b']);
    expect(Date.now() - Date.parse(done.ended_at)).toBeLessThan(60_000);
    const again = await declare(exp, editor, 'b');
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Only a running experiment can have a winner declared.');
  });
});

describe('no winner without the verdict', () => {
  it('a broken traffic split: SRM flagged, no winner even with a large uplift', async () => {
    const exp = await experiment('h1.title');
    await drive(exp, 'control', 150, 15);
    await drive(exp, 'b', 90, 45);
    const body = await results(exp);
    expect(body.srm.p_value).toBe(engine('binomial', [{ users: 150 }, { users: 90 }], [0.5, 0.5]).srm_p_value);
    expect(body.srm.p_value).toBeLessThan(0.001);
    expect(body.srm.srm_ok).toBe(false);
    expect(body.variants[1]!.stats!.chance_to_beat_control).toBeGreaterThan(0.95);
    expect(body.variants[1]!.can_declare_winner).toBe(false);
    const res = await declare(exp, owner, 'b');
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Sample ratio mismatch: results are not trustworthy, so no winner can be declared.');
    expect((await server.admin.collection('experiments').getOne(exp.id)).status).toBe('running');
  });

  it('no visitors yet: no figures to show, 409 saying so, nothing deployed', async () => {
    const exp = await experiment('form.signup');
    const before = (await server.admin.collection('optimization_rules').getList(1, 1)).totalItems;
    // Not 'a 50.0% chance to win': nobody has seen either arm.
    expect((await results(exp)).variants[1]!.stats).toBeUndefined();
    const res = await declare(exp, owner, 'b');
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'Bold button has no results yet: a winner needs visitors in both arms and at least a 95% chance to beat the control.',
    );
    expect((await server.admin.collection('optimization_rules').getList(1, 1)).totalItems).toBe(before);
  });
});
