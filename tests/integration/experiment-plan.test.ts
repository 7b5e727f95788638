/**
 * The 'Create Test' planner's route: with a site and goal it measures the goal's baseline from the
 * site's own last 28 days (visitors who converted / distinct visitors, sent here through the collect
 * endpoint) and the site's visitors a day, and says how many days the test needs at the share of
 * traffic in the test. Without traffic it says so (no measured rate) and plans with the baseline
 * the owner types. Only the site's members may plan against its figures.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, makeSite, post, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let site: RecordModel;
let goal: RecordModel;
let quiet: RecordModel;
let quietGoal: RecordModel;

type Plan = {
  perArm: number | null;
  total: number | null;
  baseline: number | null;
  measured: { days: number; visitors: number; converters: number; rate: number | null } | null;
  dailyVisitors: number | null;
  days: number | null;
};

function plan(query: Record<string, string | number>, user: TestUser = owner) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return fetch(`${server.url}/api/cro/experiments/plan?${qs}`, { headers: { Authorization: user.client.authStore.token } });
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' } });
  [owner, stranger] = await Promise.all([server.createUser(), server.createUser()]);
  site = await makeSite(owner);
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
  quiet = await makeSite(stranger, 'quiet.example.org');
  quietGoal = await stranger.client
    .collection('goals')
    .create({ site_id: quiet.id, name: 'Signup', type: 'url', match: '/signup', enabled: true });
  // 56 visitors over the last days; 7 of them reach the goal page, 2 of those twice.
  const t = Date.now() - 3 * 86_400_000;
  const sends = [];
  for (let i = 0; i < 56; i++) {
    const events: object[] = [{ t: 'pv', ts: t + i * 1000, p: '/' }];
    if (i < 7) events.push({ t: 'pv', ts: t + i * 1000 + 500, p: '/thank-you' });
    if (i < 2) events.push({ t: 'pv', ts: t + i * 1000 + 600, p: '/thank-you' });
    sends.push(post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') })));
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
});
afterAll(async () => server?.stop());

it("measures the goal's baseline and the daily visitors, and says how many days the test needs", async () => {
  const res = await plan({ site: site.id, goal: goal.id, mde: 0.2, arms: 2, traffic: 50 });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Plan;
  expect(body.measured).toEqual({ days: 28, visitors: 56, converters: 7, rate: 0.125 });
  expect(body.baseline).toBe(0.125);
  expect(body.dailyVisitors).toBe(2);
  // The same sample size as the planner's formula for a baseline of 12.5%.
  const typed = (await (await plan({ baseline: 0.125, mde: 0.2, arms: 2 })).json()) as Plan;
  expect(body.perArm).toBe(typed.perArm);
  expect(body.total).toBe(typed.perArm! * 2);
  // Half of 2 visitors a day enter the test.
  expect(body.days).toBe(Math.ceil(body.total! / 1));
});

it('a baseline the owner types wins over the measured one', async () => {
  const body = (await (await plan({ site: site.id, goal: goal.id, mde: 0.2, arms: 3, baseline: 0.05 })).json()) as Plan;
  const typed = (await (await plan({ baseline: 0.05, mde: 0.2, arms: 3 })).json()) as Plan;
  expect(body).toMatchObject({ baseline: 0.05, perArm: typed.perArm, total: typed.perArm! * 3, days: Math.ceil((typed.perArm! * 3) / 2) });
  expect(body.measured!.rate).toBe(0.125);
});

it('revenue counts the visitors who purchased', async () => {
  const body = (await (await plan({ site: site.id, goal: 'revenue', mde: 0.2, arms: 2 })).json()) as Plan;
  expect(body.measured).toEqual({ days: 28, visitors: 56, converters: 0, rate: 0 });
  expect(body).toMatchObject({ baseline: null, perArm: null, days: null });
});

it('without traffic there is no measured baseline; a typed one still plans, without days', async () => {
  const none = (await (await plan({ site: quiet.id, goal: quietGoal.id, mde: 0.2, arms: 2 }, stranger)).json()) as Plan;
  expect(none).toEqual({
    perArm: null,
    total: null,
    baseline: null,
    measured: { days: 28, visitors: 0, converters: 0, rate: null },
    dailyVisitors: 0,
    days: null,
    // No test of this goal has measured CUPED's reduction yet.
    varianceReduction: null,
    perArmUnadjusted: null,
  });
  const typed = (await (await plan({ site: quiet.id, goal: quietGoal.id, mde: 0.2, arms: 2, baseline: 0.03 }, stranger)).json()) as Plan;
  expect(typed.perArm).toBeGreaterThan(0);
  expect(typed).toMatchObject({ baseline: 0.03, days: null });
});

it("refuses another site's figures and goals, and bad input", async () => {
  expect((await plan({ site: site.id, goal: goal.id, mde: 0.2, arms: 2 }, stranger)).status).toBe(404);
  expect((await plan({ site: site.id, goal: quietGoal.id, mde: 0.2, arms: 2 })).status).toBe(400);
  expect((await plan({ site: site.id, goal: goal.id, mde: 0.2, arms: 2, traffic: 150 })).status).toBe(400);
  expect((await plan({ site: site.id, goal: goal.id, mde: 'x', arms: 2 })).status).toBe(400);
  expect((await plan({ mde: 0.2, arms: 2 })).status).toBe(400);
});
