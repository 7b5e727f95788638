/**
 * Multiple-comparison correction of an A/B test, on the server: with a variant and a secondary
 * goal the results route adjusts every comparison by Holm-Bonferroni (the default for a family of
 * several), figures the engine's own command gives for the same p-values; 'Declare Winner' uses
 * the adjusted figure; the owner's choice of correction (and CUPED's window) is checked before the
 * save and recorded in the audit log.
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
let site: RecordModel;
let goal: RecordModel;

type Interval = [number | null, number | null];
type Stats = { p_value: number; uplift: number; uplift_ci: Interval; p_value_adjusted: number | null; uplift_ci_adjusted: Interval | null };
type Body = {
  variants: { key: string; stats?: Stats; revenue_stats?: Stats; can_declare_winner: boolean }[];
  correction: { method: string; chosen: string; family_size: number };
};

/** The engine's correction of a family of tests, from its own command (schema v2). */
function corrected(correction: string, tests: { id: string; p_value: number; effect: number; ci: Interval }[]) {
  const input = JSON.stringify({
    schema: 'experiment-stats-vectors/2',
    cases: [{ id: 'family', category: 'multiple_comparisons', tests, settings: { correction } }],
  });
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'experiment-stats.mjs')], { cwd: ROOT, input, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).cases[0].expected.tests as { id: string; p_value_adjusted: number; ci_adjusted: Interval }[];
}

/** `users` visitors see `variant`; the first `conversions` of them reach the goal page and buy for `value`. */
async function drive(exp: RecordModel, variant: string, users: number, conversions: number, value: number) {
  const t = Date.now() - 30 * 60_000;
  const sends = [];
  for (let i = 0; i < users; i++) {
    const events: object[] = [{ t: 'xp', ts: t, p: '/pricing', id: exp.id, n: variant }];
    if (i < conversions) {
      events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
      events.push({ t: 'ev', ts: t + 2000, p: '/checkout', n: 'purchase', val: value });
    }
    sends.push(post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') })));
    if (sends.length === 20) expect((await Promise.all(sends.splice(0))).every((r) => r.status === 202)).toBe(true);
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}

async function results(exp: RecordModel): Promise<Body> {
  const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
    headers: { Authorization: editor.client.authStore.token },
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<Body>;
}

function declare(exp: RecordModel, variant: string) {
  return fetch(`${server.url}/api/cro/experiments/${exp.id}/declare-winner`, {
    method: 'POST',
    headers: { Authorization: editor.client.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant }),
  });
}

function experiment(extra: object = {}) {
  return editor.client.collection('experiments').create({
    site_id: site.id,
    name: 'Bold button',
    selector: 'button.buy',
    url_pattern: '/pricing',
    status: 'running',
    primary_goal: goal.id,
    secondary_goals: ['revenue'],
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Bold button', weight: 0.5, changes: [{ type: 'set_style', name: 'font-weight', value: '700' }] },
    ],
    ...extra,
  });
}

async function audit(exp: RecordModel) {
  return server.admin.collection('optimization_audit_log').getFullList({ filter: `experiment_id = "${exp.id}"`, sort: 'created_at' });
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  [owner, editor] = await Promise.all([server.createUser(), server.createUser()]);
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await addMember(server, site.id, editor, 'editor');
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
});
afterAll(async () => server?.stop());

describe('a variant and a secondary goal: Holm-Bonferroni by default', () => {
  let exp: RecordModel;
  beforeAll(async () => {
    exp = await experiment();
    await drive(exp, 'control', 100, 10, 20);
    await drive(exp, 'b', 100, 25, 20);
  });

  it("adjusts both comparisons as the engine's command does, and records the settings it was created with", async () => {
    const body = await results(exp);
    expect(body.correction).toEqual({ method: 'holm-bonferroni', chosen: '', family_size: 2 });
    const b = body.variants[1]!;
    const conv = b.stats!;
    const rev = b.revenue_stats!;
    const want = corrected('holm-bonferroni', [
      { id: 'conversion', p_value: conv.p_value, effect: conv.uplift, ci: conv.uplift_ci },
      { id: 'revenue', p_value: rev.p_value, effect: rev.uplift, ci: rev.uplift_ci },
    ]);
    expect(conv.p_value_adjusted).toBe(want[0]!.p_value_adjusted);
    expect(conv.uplift_ci_adjusted).toEqual(want[0]!.ci_adjusted);
    expect(rev.p_value_adjusted).toBe(want[1]!.p_value_adjusted);
    expect(rev.uplift_ci_adjusted).toEqual(want[1]!.ci_adjusted);
    expect(conv.p_value_adjusted!).toBeGreaterThan(conv.p_value);
    expect(body.variants[0]!.stats).toBeUndefined();
    expect((await audit(exp)).map((a) => [a.action, a.actor_id, a.changes])).toEqual([
      [
        'statistics_changed',
        editor.record.id,
        {
          correction: { from: null, to: '' },
          cuped_window_days: { from: null, to: 14 },
          post_stratification: { from: null, to: '' },
          bandit: { from: null, to: false },
          bandit_interval_hours: { from: null, to: 6 },
          bandit_min_weight: { from: null, to: 0.05 },
        },
      ],
    ]);
  });

  it("'Declare Winner' uses the adjusted p-value: refused with the figures, nothing changed", async () => {
    const b = (await results(exp)).variants[1]!;
    // Uncorrected, this lead would be a winner (over 95% chance to beat the control).
    expect(b.stats!.p_value).toBeLessThanOrEqual(0.1);
    expect(b.stats!.p_value_adjusted!).toBeGreaterThan(0.1);
    expect(b.can_declare_winner).toBe(false);
    const res = await declare(exp, 'b');
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      `Bold button has an adjusted p-value of ${b.stats!.p_value_adjusted!.toFixed(3)} (Holm-Bonferroni over 2 comparisons); a winner needs at most 0.100, the same 95% bar after the correction.`,
    );
    expect((await server.admin.collection('experiments').getOne(exp.id)).status).toBe('running');
  });

  it("refuses a correction or a window it does not know (400, nothing changed); the owner's choice is audited and used", async () => {
    for (const [field, value, message] of [
      ['correction', 'bonferroni', 'Correction must be one of none, holm-bonferroni, benjamini-hochberg.'],
      ['cuped_window_days', 91, 'CUPED window must be a whole number of days from 0 (off) to 90.'],
      ['cuped_window_days', 2.5, 'CUPED window must be a whole number of days from 0 (off) to 90.'],
      ['cuped_window_days', '14', 'CUPED window must be a whole number of days from 0 (off) to 90.'],
      ['post_stratification', 'country', 'Post-stratification must be one of device, visitor_type, none.'],
    ] as const) {
      const res = await fetch(`${server.url}/api/collections/experiments/records/${exp.id}`, {
        method: 'PATCH',
        headers: { Authorization: editor.client.authStore.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ [field]: value, name: 'Renamed' }),
      });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    const unchanged = await server.admin.collection('experiments').getOne(exp.id);
    expect([unchanged.name, unchanged.correction, unchanged.cuped_window_days]).toEqual(['Bold button', '', 14]);
    expect(await audit(exp)).toHaveLength(1);

    await editor.client.collection('experiments').update(exp.id, { correction: 'benjamini-hochberg' });
    const bh = await results(exp);
    expect(bh.correction).toEqual({ method: 'benjamini-hochberg', chosen: 'benjamini-hochberg', family_size: 2 });
    const b = bh.variants[1]!;
    const want = corrected('benjamini-hochberg', [
      { id: 'conversion', p_value: b.stats!.p_value, effect: b.stats!.uplift, ci: b.stats!.uplift_ci },
      { id: 'revenue', p_value: b.revenue_stats!.p_value, effect: b.revenue_stats!.uplift, ci: b.revenue_stats!.uplift_ci },
    ]);
    expect(b.stats!.p_value_adjusted).toBe(want[0]!.p_value_adjusted);

    await editor.client.collection('experiments').update(exp.id, { correction: 'none' });
    const none = await results(exp);
    expect(none.correction).toEqual({ method: 'none', chosen: 'none', family_size: 2 });
    expect(none.variants[1]!.stats!.p_value_adjusted).toBeNull();
    expect(none.variants[1]!.can_declare_winner).toBe(true);
    expect((await audit(exp)).slice(1).map((a) => [a.action, a.actor_id, a.changes])).toEqual([
      ['statistics_changed', editor.record.id, { correction: { from: '', to: 'benjamini-hochberg' } }],
      ['statistics_changed', editor.record.id, { correction: { from: 'benjamini-hochberg', to: 'none' } }],
    ]);
    expect((await declare(exp, 'b')).status).toBe(200);
  });
});

describe('one variant, one goal', () => {
  it('has nothing to correct: no adjusted figures', async () => {
    const exp = await experiment({ secondary_goals: [], selector: 'h1.title' });
    await drive(exp, 'control', 40, 4, 10);
    await drive(exp, 'b', 40, 8, 10);
    const body = await results(exp);
    expect(body.correction).toEqual({ method: 'none', chosen: '', family_size: 1 });
    expect(body.variants[1]!.stats!.p_value_adjusted).toBeNull();
    expect(body.variants[1]!.stats!.uplift_ci_adjusted).toBeNull();
  });
});
