/**
 * The public API's experiments over HTTP: the site's experiments are listed, their results are the
 * dashboard's, a server-side conversion of an exposed visitor counts in its variant (as the event
 * goal of the same name and as revenue), another site's key finds nothing, and the API answers
 * only sites on the plan that includes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { ORIGIN, batch, countEvents, makeSite, post, rid } from '../analytics/helpers';
import { call, createKey, expectErrorShape } from './helpers';

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let goal: RecordModel;
let experiment: RecordModel;
let key: string;

interface VariantResult {
  key: string;
  users: number;
  conversions: number;
  revenue: { sum: number };
}
interface ResultsBody {
  experimentId: string;
  goal: { id: string };
  variants: VariantResult[];
}

const variantOf = (body: Record<string, unknown>, k: string) => (body as unknown as ResultsBody).variants.find((v) => v.key === k)!;
const results = (goalParam = '') =>
  call(server, 'GET', `/v1/experiments/${experiment.id}/results?site_id=${site.id}${goalParam ? `&goal=${goalParam}` : ''}`, key);

/** One visitor's exposure to a variant, sent through the collect endpoint as the tracker sends it. */
async function expose(visitor: string, variant: string) {
  const res = await post(
    server,
    batch(site.public_key, [{ t: 'xp', ts: Date.now() - 60_000, p: '/pricing', id: experiment.id, n: variant }], { v: visitor }),
  );
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_ALLOWED_ORIGINS: ORIGIN } });
  owner = await server.createUser();
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Sign-up', type: 'event', match: 'signup', enabled: true });
  experiment = await owner.client.collection('experiments').create({
    site_id: site.id,
    name: 'Pricing headline',
    hypothesis: 'A shorter headline gets more sign-ups',
    selector: 'h1',
    url_pattern: '/pricing',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Short', weight: 0.5, changes: [{ type: 'set_text', value: 'Start free' }] },
    ],
    primary_goal: goal.id,
    secondary_goals: ['revenue'],
  });
  experiment = await owner.client.collection('experiments').update(experiment.id, { status: 'running' });
  key = (await createKey(owner, site.id, 'write')).key;
});
afterAll(async () => server?.stop());

describe('GET /v1/experiments', () => {
  it("lists the site's experiments with their definition and state, filtered by status", async () => {
    await owner.client.collection('experiments').create({
      site_id: site.id,
      name: 'Draft idea',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes: [] },
      ],
      primary_goal: 'revenue',
      correction: 'benjamini-hochberg',
      cuped_window_days: 7,
      post_stratification: 'visitor_type',
      bandit: true,
      bandit_interval_hours: 12,
      bandit_min_weight: 0.1,
    });
    const all = await call(server, 'GET', `/v1/experiments?site_id=${site.id}`, key);
    expect(all.status).toBe(200);
    const listed = all.body.experiments as Record<string, unknown>[];
    expect(listed.map((x) => x.name)).toEqual(['Draft idea', 'Pricing headline']);
    expect(listed[1]).toMatchObject({
      id: experiment.id,
      status: 'running',
      url_pattern: '/pricing',
      primary_goal: goal.id,
      secondary_goals: ['revenue'],
      variants: [
        { key: 'control', name: 'Control', weight: 0.5 },
        { key: 'b', name: 'Short', weight: 0.5 },
      ],
    });
    expect(listed[1]).not.toHaveProperty('seed');
    // The statistics settings as the results apply them: the defaults (Holm-Bonferroni for one
    // variant on two goals, 14 days, device class, a fixed split), and an owner's choices.
    expect(listed[1]).toMatchObject({
      correction: { method: 'holm-bonferroni', chosen: '' },
      cuped_window_days: 14,
      post_stratification: 'device',
      bandit: null,
    });
    expect(listed[0]).toMatchObject({
      correction: { method: 'benjamini-hochberg', chosen: 'benjamini-hochberg' },
      cuped_window_days: 7,
      post_stratification: 'visitor_type',
      bandit: { interval_hours: 12, min_weight: 0.1 },
    });
    const results = await call(server, 'GET', `/v1/experiments/${experiment.id}/results?site_id=${site.id}`, key);
    expect((results.body.correction as { method: string }).method).toBe('holm-bonferroni');

    const running = await call(server, 'GET', `/v1/experiments?site_id=${site.id}&status=running`, key);
    expect((running.body.experiments as { id: string }[]).map((x) => x.id)).toEqual([experiment.id]);
    const bad = await call(server, 'GET', `/v1/experiments?site_id=${site.id}&status=finished`, key);
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body, 400);
  });
});

describe('GET /v1/experiments/{id}/results', () => {
  it("counts a server-side conversion of an exposed visitor in that visitor's variant, and not an unexposed one's", async () => {
    const exposed = rid('vis_');
    const stranger = rid('vis_');
    await expose(exposed, 'b');
    await expose(rid('vis_'), 'control');
    const before = await results();
    expect(before.status).toBe(200);
    expect(variantOf(before.body, 'b')).toMatchObject({ users: 1, conversions: 0 });

    for (const visitor of [exposed, stranger]) {
      const sent = await call(server, 'POST', '/v1/conversions', key, { site_id: site.id, visitor_id: visitor, goal: 'signup', value: 30 });
      expect(sent.status).toBe(201);
    }
    const after = await results();
    expect(after.body).toMatchObject({ experimentId: experiment.id, goal: { id: goal.id, name: 'Sign-up', type: 'event' } });
    expect(variantOf(after.body, 'b')).toMatchObject({ users: 1, conversions: 1 });
    expect(variantOf(after.body, 'control')).toMatchObject({ users: 1, conversions: 0 });
    const revenue = await results('revenue');
    expect(variantOf(revenue.body, 'b')).toMatchObject({ users: 1, conversions: 1, revenue: { sum: 30 } });
    expect(variantOf(revenue.body, 'control').revenue.sum).toBe(0);

    // The dashboard's route gives the same figures.
    const dashboard = await owner.client.send(`/api/cro/experiments/${experiment.id}/results`, {});
    expect(dashboard.variants).toEqual((after.body as unknown as ResultsBody).variants);
  });

  it('refuses a goal the experiment does not measure, and finds nothing of another site', async () => {
    const wrongGoal = await results('not-a-goal');
    expect(wrongGoal.status).toBe(400);
    expectErrorShape(wrongGoal.body, 400);

    const stranger = await server.createUser();
    const other = await makeSite(stranger, 'other.example.com');
    await server.admin.collection('sites').update(other.id, { plan_tier: 'enterprise' });
    const theirs = (await createKey(stranger, other.id, 'read')).key;
    for (const path of [
      `/v1/experiments/${experiment.id}/results?site_id=${other.id}`,
      `/v1/experiments/missing123/results?site_id=${site.id}`,
    ]) {
      const res = await call(server, 'GET', path, path.includes(other.id) ? theirs : key);
      expect(res.status, path).toBe(404);
      expectErrorShape(res.body, 404);
    }
  });
});

describe('the plan', () => {
  it('keys are made and answered only on the plan that includes the API, and work again after an upgrade', async () => {
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
    const refusedKey = await owner.client
      .send(`/api/cro/sites/${site.id}/api-keys`, { method: 'POST', body: { name: 'Growth key', scope: 'read' } })
      .then(
        () => 'created',
        (e: { status: number; response: { message: string } }) => e,
      );
    expect(refusedKey).toMatchObject({
      status: 403,
      response: { message: 'API access requires the Enterprise & Ecom plan. Upgrade at /pricing.' },
    });

    const events = await countEvents(server, site.id);
    for (const [method, path, body] of [
      ['GET', `/v1/experiments?site_id=${site.id}`],
      ['GET', `/v1/analytics?site_id=${site.id}`],
      ['POST', '/v1/conversions', { site_id: site.id, visitor_id: 'v_9f8e7d6c', goal: 'signup', value: 5 }],
    ] as const) {
      const res = await call(server, method, path, key, body);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({
        status: 403,
        code: 'plan_required',
        message: 'API access requires the Enterprise & Ecom plan. Upgrade at /pricing.',
      });
    }
    expect(await countEvents(server, site.id)).toBe(events);

    await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
    expect((await call(server, 'GET', `/v1/experiments?site_id=${site.id}`, key)).status).toBe(200);
  });
});
