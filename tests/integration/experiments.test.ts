/**
 * A/B tests on the server, over HTTP: the experiments collection refuses every bad input with a
 * clear 400 and stores nothing; status moves only along its transitions; exposures and conversions
 * arrive through the collect endpoint as the tracker sends them, and the results route counts each
 * exposed visitor once, and only what they did after their first exposure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember, refusal } from '../helpers/site-access';
import { rulesYieldingTo } from '../../src/lib/experiment-precedence';
import { batch, makeSite, post, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let site: RecordModel;
let goal: RecordModel;
let foreignGoal: RecordModel;

const control = { key: 'control', name: 'Control', weight: 0.5, changes: [] };
const variantB = { key: 'b', name: 'Short headline', weight: 0.5, changes: [{ type: 'set_text', value: 'Start free' }] };

const valid = () => ({
  site_id: site.id,
  name: 'Headline test',
  hypothesis: 'A shorter headline gets more sign-ups',
  selector: 'h1.hero',
  url_pattern: '/pricing',
  variants: [control, variantB],
  primary_goal: goal.id,
  secondary_goals: ['revenue'],
  guardrails: [{ metric: 'error_rate', threshold: 10 }],
  minimum_detectable_effect: 5,
  planned_sample_size: 20000,
});

async function countExperiments(): Promise<number> {
  return (await server.admin.collection('experiments').getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems;
}

beforeAll(async () => {
  server = await startPocketBase();
  [owner, editor, viewer, stranger] = await Promise.all([
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
  ]);
  site = await makeSite(owner);
  // Running a test deploys changes: a paid plan.
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, viewer, 'viewer');
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
  const otherSite = await makeSite(stranger, 'other.example.com');
  foreignGoal = await stranger.client.collection('goals').create({ site_id: otherSite.id, name: 'Theirs', type: 'event', match: 'x' });
});
afterAll(async () => server?.stop());

describe('creating an experiment', () => {
  it('an editor creates a draft with a server seed and full traffic', async () => {
    const rec = await editor.client.collection('experiments').create(valid());
    expect(rec.status).toBe('draft');
    expect(rec.traffic).toBe(100);
    expect(rec.seed).toMatch(/^[a-zA-Z0-9]{16}$/);
    expect(rec.started_at).toBe('');
    expect(rec.variants).toEqual([control, variantB]);
  });

  const bad: Array<[string, () => Record<string, unknown>, string]> = [
    ['no variants', () => ({ ...valid(), variants: [] }), 'An experiment needs a control and at least one variant'],
    ['no variants field', () => ({ ...valid(), variants: undefined }), 'An experiment needs a control and at least one variant'],
    ['only the control', () => ({ ...valid(), variants: [{ ...control, weight: 1 }] }), 'An experiment needs at least one variant besides'],
    [
      'four variants besides the control',
      () => ({ ...valid(), variants: ['control', 'b', 'c', 'd', 'e'].map((key) => ({ key, name: key, weight: 0.2, changes: [] })) }),
      'An experiment may have at most 3 variants besides the control',
    ],
    ['weights summing to 0.9', () => ({ ...valid(), variants: [control, { ...variantB, weight: 0.4 }] }), 'Variant weights must sum to 1'],
    [
      'weights off by 1e-6',
      () => ({ ...valid(), variants: [control, { ...variantB, weight: 0.500001 }] }),
      'Variant weights must sum to 1',
    ],
    [
      'a negative weight',
      () => ({
        ...valid(),
        variants: [
          { ...control, weight: 1.5 },
          { ...variantB, weight: -0.5 },
        ],
      }),
      'The control needs a weight',
    ],
    ['a control that is not first', () => ({ ...valid(), variants: [variantB, control] }), 'The first variant is the control'],
    ['a repeated key', () => ({ ...valid(), variants: [control, { ...variantB, key: 'control' }] }), 'Variant key "control" is used twice'],
    [
      'a change the sanitizer refuses',
      () => ({ ...valid(), variants: [control, { ...variantB, changes: [{ type: 'set_html', value: '<img src=x onerror=alert(1)>' }] }] }),
      'Variant 1: Change 1 is refused',
    ],
    ['an unknown goal', () => ({ ...valid(), primary_goal: 'abcdefghij12345' }), "The primary goal must be one of this site's goals"],
    ['another site’s goal', () => ({ ...valid(), primary_goal: foreignGoal.id }), "The primary goal must be one of this site's goals"],
    ['no primary goal', () => ({ ...valid(), primary_goal: '' }), 'An experiment needs a primary goal'],
    [
      'another site’s secondary goal',
      () => ({ ...valid(), secondary_goals: [foreignGoal.id] }),
      "Each secondary goal must be one of this site's",
    ],
    ['a URL pattern with spaces', () => ({ ...valid(), url_pattern: '/pricing page' }), 'URL pattern may not contain spaces'],
    ['a URL pattern that is no path', () => ({ ...valid(), url_pattern: 'pricing' }), 'URL pattern must start with /, * or http(s)://'],
    ['a URL without host', () => ({ ...valid(), url_pattern: 'https:///x' }), 'URL pattern needs a host'],
    ['traffic over 100', () => ({ ...valid(), traffic: 150 }), 'Traffic must be between 0 and 100 percent'],
    ['an unknown device', () => ({ ...valid(), target_device: 'watch' }), 'Device must be one of any, desktop, mobile, tablet'],
    [
      'an unknown guardrail',
      () => ({ ...valid(), guardrails: [{ metric: 'happiness', threshold: 5 }] }),
      'Guardrail metric must be one of',
    ],
    [
      'a guardrail without threshold',
      () => ({ ...valid(), guardrails: [{ metric: 'bounce_rate' }] }),
      'Guardrail bounce_rate needs a threshold above 0',
    ],
    ['created completed', () => ({ ...valid(), status: 'completed' }), 'A new experiment is a draft or running'],
    ['a winner on a draft', () => ({ ...valid(), winner: 'b' }), 'A winner is declared only when the experiment is completed'],
  ];
  for (const [name, body, message] of bad) {
    it(`refuses ${name} with a 400 and stores nothing`, async () => {
      const before = await countExperiments();
      const got = await refusal(editor.client.collection('experiments').create(body()));
      expect(got).toMatchObject({ status: 400 });
      expect(got !== 'accepted' && got.message).toContain(message);
      expect(await countExperiments()).toBe(before);
    });
  }

  it('refuses a seed or start time chosen by the client', async () => {
    const before = await countExperiments();
    await expect(editor.client.collection('experiments').create({ ...valid(), seed: 'mine' })).rejects.toMatchObject({ status: 400 });
    await expect(
      editor.client.collection('experiments').create({ ...valid(), started_at: '2020-01-01 00:00:00.000Z' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await countExperiments()).toBe(before);
  });

  it('a viewer and a stranger cannot create', async () => {
    const before = await countExperiments();
    // PocketBase's create rule refuses them (400) before any validation runs.
    await expect(viewer.client.collection('experiments').create(valid())).rejects.toMatchObject({ status: 400 });
    await expect(stranger.client.collection('experiments').create(valid())).rejects.toMatchObject({ status: 400 });
    expect(await countExperiments()).toBe(before);
  });
});

describe('status transitions', () => {
  it('draft -> running -> paused -> running -> completed with a winner; nothing else', async () => {
    const col = editor.client.collection('experiments');
    const rec = await col.create(valid());
    const refused = async (body: Record<string, unknown>, message: string) => {
      const got = await refusal(col.update(rec.id, body));
      expect(got).toMatchObject({ status: 400 });
      expect(got !== 'accepted' && got.message).toContain(message);
    };
    await refused({ status: 'paused' }, 'An experiment cannot go from draft to paused');
    await refused({ status: 'completed' }, 'An experiment cannot go from draft to completed');
    const running = await col.update(rec.id, { status: 'running' });
    expect(running.started_at).not.toBe('');
    await refused({ status: 'draft' }, 'An experiment cannot go from running to draft');
    await refused({ variants: [control, { ...variantB, weight: 0.5, name: 'Renamed' }] }, 'Variants can only be changed while');
    await refused({ status: 'archived' }, '');
    expect((await col.update(rec.id, { status: 'paused' })).status).toBe('paused');
    const resumed = await col.update(rec.id, { status: 'running' });
    expect(resumed.started_at).toBe(running.started_at);
    await refused({ status: 'completed', winner: 'zz' }, "The winner must be one of the variants' keys");
    const done = await col.update(rec.id, { status: 'completed', winner: 'b' });
    expect(done.winner).toBe('b');
    expect(done.ended_at).not.toBe('');
    await refused({ status: 'running' }, 'An experiment cannot go from completed to running');
    expect((await server.admin.collection('experiments').getOne(rec.id)).status).toBe('completed');
  });

  it('a refused update changes nothing', async () => {
    const rec = await editor.client.collection('experiments').create(valid());
    await expect(
      editor.client.collection('experiments').update(rec.id, { name: 'Renamed', variants: [control, { ...variantB, weight: 0.6 }] }),
    ).rejects.toMatchObject({ status: 400 });
    const stored = await server.admin.collection('experiments').getOne(rec.id);
    expect(stored.name).toBe('Headline test');
    expect(stored.variants).toEqual([control, variantB]);
  });

  it('a free site cannot start a test', async () => {
    const free = await makeSite(editor, 'free.example.com');
    const rec = await editor.client.collection('experiments').create({ ...valid(), site_id: free.id, primary_goal: 'revenue' });
    await expect(editor.client.collection('experiments').update(rec.id, { status: 'running' })).rejects.toMatchObject({ status: 403 });
    expect((await server.admin.collection('experiments').getOne(rec.id)).status).toBe('draft');
  });

  it('a viewer reads but cannot change; a stranger sees nothing', async () => {
    const rec = await editor.client.collection('experiments').create(valid());
    expect((await viewer.client.collection('experiments').getOne(rec.id)).name).toBe('Headline test');
    await expect(viewer.client.collection('experiments').update(rec.id, { name: 'Viewer edit' })).rejects.toMatchObject({ status: 404 });
    await expect(viewer.client.collection('experiments').delete(rec.id)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.client.collection('experiments').getOne(rec.id)).rejects.toMatchObject({ status: 404 });
    expect(await stranger.client.collection('experiments').getFullList({ filter: `site_id = "${site.id}"` })).toHaveLength(0);
    expect((await server.admin.collection('experiments').getOne(rec.id)).name).toBe('Headline test');
  });
});

describe('exposures, conversions and results', () => {
  let exp: RecordModel;
  const t = Date.now() - 60 * 60_000;
  const at = (minutes: number) => t + minutes * 60_000;
  const xp = (variant: string, minutes: number, id = exp.id) => ({ t: 'xp', ts: at(minutes), p: '/pricing', id, n: variant });
  const pv = (path: string, minutes: number) => ({ t: 'pv', ts: at(minutes), p: path });
  const buy = (value: number, minutes: number) => ({ t: 'ev', ts: at(minutes), p: '/checkout', n: 'purchase', val: value });

  async function send(visitor: string, events: object[]): Promise<Record<string, number>> {
    const res = await post(server, batch(site.public_key as string, events, { v: visitor, s: `${visitor}-session` }));
    expect(res.status).toBe(202);
    return res.json();
  }

  async function results(user: TestUser, query = ''): Promise<Response> {
    return fetch(`${server.url}/api/cro/experiments/${exp.id}/results${query}`, {
      headers: { Authorization: user.client.authStore.token },
    });
  }

  beforeAll(async () => {
    exp = await editor.client.collection('experiments').create({ ...valid(), status: 'running' });
    const [a, b, c, d] = ['visitora', 'visitorb', 'visitorc', 'visitord'].map((v) => rid(v));
    // a (control): converted before the exposure only.
    await send(a!, [pv('/thank-you', 0), xp('control', 1), pv('/pricing', 2)]);
    // b (control): exposed, then converts and buys for 25.
    await send(b!, [xp('control', 0), pv('/thank-you', 3), buy(25, 4)]);
    // c (b): exposed in two page loads, converts twice.
    await send(c!, [xp('b', 0), pv('/thank-you', 1)]);
    await send(c!, [xp('b', 5), pv('/thank-you', 6), buy(10, 7), buy(5, 8)]);
    // d (b): exposed, nothing else.
    await send(d!, [xp('b', 2)]);
  });

  it('drops exposures of unknown variants and experiments, and says so', async () => {
    const reply = await send(rid('visitore'), [xp('zz', 1), xp('control', 1, 'abcdefghij12345'), pv('/pricing', 1)]);
    expect(reply).toEqual({ accepted: 3, dropped: 2 });
    const kpis = await fetch(`${server.url}/api/cro/kpis/${site.id}`, { headers: { Authorization: owner.client.authStore.token } });
    expect((await kpis.json()).month.droppedExposures).toBe(2);
  });

  it('counts each exposed visitor once and conversions only after the first exposure', async () => {
    const res = await results(viewer);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.goal).toEqual({ id: goal.id, name: 'Thank you', type: 'url' });
    expect(body.variants.map((v: { key: string; users: number; conversions: number }) => [v.key, v.users, v.conversions])).toEqual([
      ['control', 2, 1],
      ['b', 2, 1],
    ]);
    expect(body.case).toEqual({
      metric: 'binomial',
      variants: [
        { users: 2, conversions: 1 },
        { users: 2, conversions: 1 },
      ],
      weights: [0.5, 0.5],
    });
    expect(body.revenueCase).toEqual({
      metric: 'mean',
      variants: [
        { count: 2, sum: 25, sum_squares: 625 },
        { count: 2, sum: 15, sum_squares: 225 },
      ],
      weights: [0.5, 0.5],
    });
    expect(body.srm).toEqual({ observed: [2, 2], weights: [0.5, 0.5], p_value: 1, srm_ok: true });
    const today = new Date(at(0)).toISOString().slice(0, 10);
    expect(body.daily.at(-1)).toEqual({
      day: new Date(at(8)).toISOString().slice(0, 10),
      variants: [
        { variant: 'control', users: 2, conversions: 1, revenue: 25 },
        { variant: 'b', users: 2, conversions: 1, revenue: 15 },
      ],
    });
    expect(body.daily[0].day).toBe(today);
  });

  it('reads a secondary goal: revenue', async () => {
    const body = await (await results(owner, '?goal=revenue')).json();
    expect(body.case.metric).toBe('mean');
    expect(body.variants.map((v: { conversions: number }) => v.conversions)).toEqual([1, 1]);
    expect((await results(owner, `?goal=${foreignGoal.id}`)).status).toBe(400);
  });

  it('is for members only', async () => {
    expect((await results(stranger)).status).toBe(404);
    expect((await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`)).status).toBe(401);
    expect((await results(viewer, '')).status).toBe(200);
  });

  it('puts the running experiment into the tracker config, where it wins over a rule on its element', async () => {
    const rule = await editor.client.collection('optimization_rules').create({
      site_id: site.id,
      name: 'Old headline rule',
      rule_type: 'cta_text',
      enabled: true,
      rollout_percentage: 100,
      url_pattern: '/pricing',
      selector: 'h1.hero',
      changes: [{ type: 'set_text', value: 'Old' }],
    });
    const other = await editor.client.collection('optimization_rules').create({
      site_id: site.id,
      name: 'Footer rule',
      rule_type: 'cta_text',
      enabled: true,
      rollout_percentage: 100,
      selector: 'footer a',
      changes: [{ type: 'hide' }],
    });
    const script = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    const cfg = JSON.parse(script.slice(script.lastIndexOf('})(') + 3, script.lastIndexOf(');')));
    const running = cfg.x.find((x: { i: string }) => x.i === exp.id);
    expect(running).toMatchObject({
      s: exp.seed,
      p: 100,
      u: '/pricing',
      q: 'h1.hero',
      v: [
        { k: 'control', w: 0.5, c: [] },
        { k: 'b', w: 0.5, c: [{ type: 'set_text', value: 'Start free' }] },
      ],
      o: [rule.id],
    });
    expect(cfg.r.map((r: { i: string }) => r.i)).toEqual([other.id]);
    const body = await (await results(viewer)).json();
    expect(body.overriddenRules).toEqual([{ id: rule.id, name: 'Old headline rule' }]);
    // The screens' copy of that decision (src/lib/experiment-precedence.ts) agrees with the server's.
    const current = await viewer.client.collection('experiments').getOne(exp.id);
    const plain = [rule, other].map((r) => ({ id: r.id, enabled: r.enabled as boolean, selector: r.selector as string }));
    expect(rulesYieldingTo(plain, { status: current.status, selector: current.selector }).map((r) => r.id)).toEqual([rule.id]);
  });
});
