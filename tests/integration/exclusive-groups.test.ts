/**
 * Exclusive groups, the global holdout and the Overview's 'Program impact' over the real API:
 * what may be stored (a 400 saying what to fix, nothing changed), each test's range of its
 * group (a new member takes free range, ranges held never move), the audit entries, what the
 * site's script then carries (the targeting build with each test's range and the holdout), and
 * the Program impact route's figures for visitors sent through the collect endpoint, placed in
 * the holdout by the same hash as the tracker (src/lib/assignment.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { inRollout } from '../../src/lib/assignment';
import { siteHoldoutSeed } from '../../src/lib/exclusion-groups';
import { CHROME_UA, ORIGIN, batch, rid } from './analytics/helpers';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, stranger: TestUser, siteId: string, otherSiteId: string;
beforeAll(async () => {
  ({ server, owner, editor, viewer, stranger, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer', 'stranger'],
    site: 'shop.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
    env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
  otherSiteId = (await stranger.client.collection('sites').create({ user_id: stranger.record.id, domain: 'other.example.com' })).id;
  // Each simulated visitor comes from its own address, as a proxy in front of the server reports it.
  await server.admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
});
afterAll(async () => server?.stop());

const count = async (collection: string, filter = '') => (await server.admin.collection(collection).getFullList({ filter })).length;
const audit = (filter: string) => server.admin.collection('optimization_audit_log').getFullList({ filter, sort: 'created_at' });
const test = (name: string, traffic: number, group: string) => ({
  site_id: siteId,
  name,
  selector: 'h1',
  traffic,
  exclusion_group: group,
  variants: [
    { key: 'control', name: 'Control', weight: 0.5, changes: [] },
    { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: name }] },
  ],
  primary_goal: 'revenue',
});
const script = async () => {
  const key = (await server.admin.collection('sites').getOne(siteId)).public_key;
  const text = await (await fetch(`${server.url}/t/${key}.js`)).text();
  return { text, cfg: JSON.parse(/\}\)\((\{.*\})\);\s*$/s.exec(text)![1]!) };
};

describe('exclusive groups', () => {
  let groupId: string;
  const ids: Record<string, string> = {};

  it('stores a named group with a server seed, audited; refuses bad input with a 400 and stores nothing', async () => {
    const groups = editor.client.collection('experiment_groups');
    for (const [body, message] of [
      [{ name: '   ' }, 'An exclusive group needs a name.'],
      [{ name: 'x'.repeat(81) }, "A group's name has at most 80 characters."],
      [{ name: 'Checkout', seed: 'mine' }, "A group's seed is set by the server."],
    ] as const) {
      await expect(groups.create({ site_id: siteId, ...body })).rejects.toMatchObject({ status: 400, message });
    }
    expect(await count('experiment_groups')).toBe(0);
    const g = await groups.create({ site_id: siteId, name: ' Checkout ' });
    groupId = g.id;
    expect(g.name).toBe('Checkout');
    expect(g.seed).toMatch(/^\w{16}$/);
    await expect(viewer.client.collection('experiment_groups').create({ site_id: siteId, name: 'Viewer' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(stranger.client.collection('experiment_groups').getOne(g.id)).rejects.toMatchObject({ status: 404 });
    expect((await viewer.client.collection('experiment_groups').getOne(g.id)).name).toBe('Checkout');
    const [entry] = await audit(`group_id = "${g.id}"`);
    expect(entry).toMatchObject({ action: 'group_created', reason: 'Exclusive group created', actor_id: editor.record.id });
  });

  it('gives each test the first free range as wide as its traffic, and refuses a test that does not fit', async () => {
    const tests = editor.client.collection('experiments');
    const a = await tests.create(test('A', 40, groupId));
    const b = await tests.create(test('B', 50, groupId));
    ids.a = a.id;
    ids.b = b.id;
    expect(a.group_range).toEqual([0, 0.4]);
    expect(b.group_range).toEqual([0.4, 0.9]);
    const before = await count('experiments');
    await expect(tests.create(test('C', 20, groupId))).rejects.toMatchObject({
      status: 400,
      message: 'The group "Checkout" has 10% of its visitors free: lower this test\'s traffic to at most 10% or choose another group.',
    });
    await expect(tests.create({ ...test('C', 10, groupId), group_range: [0, 0.1] })).rejects.toMatchObject({
      status: 400,
      message: "A test's range of its group is set by the server.",
    });
    const foreign = (await stranger.client.collection('experiment_groups').create({ site_id: otherSiteId, name: 'Theirs' })).id;
    await expect(tests.create(test('C', 10, foreign))).rejects.toMatchObject({
      status: 400,
      message: 'The exclusive group does not exist.',
    });
    expect(await count('experiments')).toBe(before);
    const [entry] = await audit(`experiment_id = "${a.id}" && group_id = "${groupId}"`);
    expect(entry).toMatchObject({
      action: 'updated',
      reason: 'User put the test in an exclusive group',
      changes: { exclusion_group: groupId, group_range: [0, 0.4] },
      previous: { exclusion_group: '', group_range: null },
    });
  });

  it('never moves the ranges held: a started test keeps its group, range and traffic; a completed one frees its range', async () => {
    const tests = editor.client.collection('experiments');
    await tests.update(ids.a!, { status: 'running' });
    await tests.update(ids.b!, { status: 'running' });
    for (const [change, message] of [
      [
        { exclusion_group: '' },
        'A test joins or leaves an exclusive group only while it is a draft: moving a started test would move its visitors.',
      ],
      [{ traffic: 30 }, "The traffic of a started test in an exclusive group is fixed: its range of the group's visitors is reserved."],
    ] as const) {
      await expect(tests.update(ids.a!, change)).rejects.toMatchObject({ status: 400, message });
      expect(await tests.getOne(ids.a!)).toMatchObject({ exclusion_group: groupId, group_range: [0, 0.4], traffic: 40 });
    }
    // A new member takes the free range; A's and B's stay as they were.
    const d = await tests.create(test('D', 10, groupId));
    expect(d.group_range).toEqual([0.9, 1]);
    expect((await tests.getOne(ids.a!)).group_range).toEqual([0, 0.4]);
    expect((await tests.getOne(ids.b!)).group_range).toEqual([0.4, 0.9]);
    // A draft asking for more than is free is refused; its range stays.
    await expect(tests.update(d.id, { traffic: 20 })).rejects.toMatchObject({ status: 400 });
    expect((await tests.getOne(d.id)).group_range).toEqual([0.9, 1]);
    await tests.update(ids.a!, { status: 'completed' });
    const e = await tests.create(test('E', 30, groupId));
    expect(e.group_range).toEqual([0, 0.3]);
    await expect(editor.client.collection('experiment_groups').delete(groupId)).rejects.toMatchObject({
      status: 400,
      message: 'The test "B" is in this group: complete it or take it out of the group first.',
    });
    // Left while a draft: the range is released and audited.
    await tests.update(e.id, { exclusion_group: '' });
    expect((await tests.getOne(e.id)).group_range).toBeNull();
    const [left] = await audit(`experiment_id = "${e.id}" && reason = "User took the test out of its exclusive group"`);
    expect(left).toMatchObject({ changes: { exclusion_group: '' }, previous: { exclusion_group: groupId, group_range: [0, 0.3] } });
  });

  it('gives tests joining a group at the same moment disjoint ranges', async () => {
    const g = await editor.client.collection('experiment_groups').create({ site_id: siteId, name: 'Parallel' });
    const made = await Promise.all(
      ['P1', 'P2', 'P3', 'P4', 'P5'].map((n) => editor.client.collection('experiments').create(test(n, 20, g.id), { requestKey: null })),
    );
    const ranges = made.map((x) => x.group_range as [number, number]).sort((x, y) => x[0] - y[0]);
    expect(ranges).toEqual([
      [0, 0.2],
      [0.2, 0.4],
      [0.4, 0.6],
      [0.6, 0.8],
      [0.8, 1],
    ]);
    for (const x of made) await editor.client.collection('experiments').delete(x.id);
  });

  it("serves the targeting build with each running test's range of its group", async () => {
    const group = await server.admin.collection('experiment_groups').getOne(groupId);
    const { text, cfg } = await script();
    const b = cfg.x.find((x: { i: string }) => x.i === ids.b);
    expect(b).toMatchObject({ p: 100, g: { s: group.seed, a: 0.4, b: 0.9 } });
    expect(text).toContain('utm_source'); // the audience evaluator's context: the targeting build
  });
});

describe('the global holdout', () => {
  it('is a site setting from 0 to 20%, refused with a 400 otherwise, and audited', async () => {
    const sites = owner.client.collection('sites');
    for (const bad of [25, 2.5, -1, 'ten']) {
      await expect(sites.update(siteId, { holdout_percentage: bad })).rejects.toMatchObject({
        status: 400,
        message: 'The global holdout must be a whole percent from 0 to 20.',
      });
    }
    expect((await sites.getOne(siteId)).holdout_percentage).toBe(0);
    const plain = await script();
    expect(plain.cfg.ho).toBeUndefined();
    await sites.update(siteId, { holdout_percentage: 20 });
    const [entry] = await audit(`site_id = "${siteId}" && action = "settings_changed"`);
    expect(entry).toMatchObject({ reason: 'Global holdout: 0% -> 20%', changes: { holdout_percentage: { from: 0, to: 20 } } });
    expect((await script()).cfg.ho).toEqual([siteHoldoutSeed(siteId), 20]);
  });
});

describe("the Overview's Program impact", () => {
  const seed = () => siteHoldoutSeed(siteId);
  let address = 0;
  const send = async (key: string, visitor: string, events: object[]) => {
    address++;
    const res = await fetch(`${server.url}/api/cro/collect`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        Origin: ORIGIN,
        'User-Agent': CHROME_UA,
        'X-Forwarded-For': `198.${51 + Math.floor(address / 250)}.100.${(address % 250) + 1}`,
      },
      body: batch(key, events, { v: visitor, s: rid('session') }),
    });
    expect(res.status).toBe(202);
  };

  it('has an honest empty state without a holdout or with too few visitors', async () => {
    const other = await stranger.client.send(`/api/cro/sites/${otherSiteId}/program-impact`, {});
    expect(other).toMatchObject({ holdoutPercentage: 0, conversion: null, revenue: null });
    expect(other.reason).toBe('No global holdout: set one in Settings -> Optimization to measure what your rules and tests add together.');
    const early = await viewer.client.send(`/api/cro/sites/${siteId}/program-impact`, {});
    expect(early).toMatchObject({ holdoutPercentage: 20, conversion: null, revenue: null });
    expect(early.reason).toBe('Not enough data yet: the holdout and everyone else each need at least 100 visitors.');
    await expect(stranger.client.send(`/api/cro/sites/${siteId}/program-impact`, {})).rejects.toMatchObject({ status: 404 });
    await expect(viewer.client.send(`/api/cro/sites/${siteId}/program-impact?goal=nope`, {})).rejects.toMatchObject({ status: 400 });
  });

  it('compares everyone else with the holdout on conversion rate and revenue per visitor, with 95% intervals', async () => {
    const key = (await server.admin.collection('sites').getOne(siteId)).public_key;
    await owner.client.collection('goals').create({ site_id: siteId, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
    // 150 held-out visitors (15 buy for 40) and 300 others (60 buy for 50), by the tracker's hash.
    const held: string[] = [];
    const others: string[] = [];
    for (let i = 0; held.length < 150 || others.length < 300; i++) {
      const v = `pi${i}visitor`;
      const list = inRollout(v, seed(), 20) ? held : others;
      if (list.length < (list === held ? 150 : 300)) list.push(v);
    }
    const t = Date.now();
    const visits: [string, object[]][] = [];
    for (const [list, buyers, value] of [
      [held, 15, 40],
      [others, 60, 50],
    ] as const) {
      for (let i = 0; i < list.length; i++) {
        const events: object[] = [{ t: 'pv', ts: t, p: '/' }];
        if (i < buyers) events.push({ t: 'ev', ts: t + 500, p: '/', n: 'purchase', val: value });
        visits.push([list[i]!, events]);
      }
    }
    // 25 visitors at a time, as many browsers would send them.
    for (let i = 0; i < visits.length; i += 25) await Promise.all(visits.slice(i, i + 25).map(([v, events]) => send(key, v, events)));
    const impact = await viewer.client.send(`/api/cro/sites/${siteId}/program-impact`, {});
    expect(impact).toMatchObject({
      holdoutPercentage: 20,
      holdout: { visitors: 150, conversions: 15, rate: 0.1, revenue: 600, revenuePerVisitor: 4 },
      everyoneElse: { visitors: 300, conversions: 60, rate: 0.2, revenue: 3000, revenuePerVisitor: 10 },
    });
    expect(impact.reason).toBeUndefined();
    // Relative differences against the holdout, and their 95% intervals by the delta method
    // (the engine's frequentist relative interval; sample variances).
    const relative = (mc: number, vc: number, nc: number, mv: number, vv: number, nv: number) => {
      const se = Math.sqrt(vv / (mc * mc * nv) + (vc * mv * mv) / (mc ** 4 * nc));
      return { effect: mv / mc - 1, se };
    };
    const rate = relative(0.1, 0.09, 150, 0.2, 0.16, 300);
    const sampleVar = (n: number, sum: number, squares: number) => (squares - (sum * sum) / n) / (n - 1);
    const rev = relative(4, sampleVar(150, 600, 15 * 1600), 150, 10, sampleVar(300, 3000, 60 * 2500), 300);
    for (const [got, want] of [
      [impact.conversion, rate],
      [impact.revenue, rev],
    ] as const) {
      expect(got.uplift).toBeCloseTo(want.effect, 9);
      expect(got.upliftCi[0]).toBeCloseTo(want.effect - 1.96 * want.se, 1);
      expect(got.upliftCi[1]).toBeCloseTo(want.effect + 1.96 * want.se, 1);
      expect(got.upliftCi[0]).toBeLessThan(got.uplift);
      expect(got.upliftCi[1]).toBeGreaterThan(got.uplift);
    }
    // One goal only: the same visitors, converting that goal.
    const goal = await server.admin.collection('goals').getFirstListItem(`site_id = "${siteId}" && name = "Purchase"`);
    const byGoal = await viewer.client.send(`/api/cro/sites/${siteId}/program-impact?goal=${goal.id}`, {});
    expect(byGoal).toMatchObject({ goal: goal.id, holdout: { conversions: 15 }, everyoneElse: { conversions: 60 } });
  });
});
