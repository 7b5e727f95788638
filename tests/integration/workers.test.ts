// CRO Workers: Enterprise only (server-enforced), switching a worker on creates its managed rule,
// and the stats come from the tracker's telemetry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { visit } from './analytics/helpers';

let server: TestServer, owner: TestUser, viewer: TestUser, siteId: string;

const list = (u: TestUser | TestServer['admin'], id = siteId) => ('client' in u ? u.client : u).send(`/api/cro/workers/${id}`, {});
const toggle = (u: TestUser, body: unknown) => u.client.send('/api/cro/workers/toggle', { method: 'POST', body });

beforeAll(async () => {
  ({ server, owner, viewer, siteId } = await startSuite({
    users: ['owner', 'viewer'],
    site: 'workers.example.com',
    roles: { viewer: 'viewer' },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
});
afterAll(async () => server?.stop());

describe('CRO Workers', () => {
  it('refuses sites below Enterprise, creating nothing', async () => {
    const refusal = { status: 403, message: 'CRO Workers requires the Enterprise & Ecom plan. Upgrade at /pricing.' };
    await expect(list(owner)).rejects.toMatchObject(refusal);
    await expect(toggle(owner, { siteId, key: 'sticky_cta', enabled: true })).rejects.toMatchObject(refusal);
    expect(await server.admin.collection('optimization_rules').getFullList()).toEqual([]);
  });

  it('lists 8 workers with honest empty stats on an Enterprise site', async () => {
    await server.admin.collection('sites').update(siteId, { plan_tier: 'enterprise' });
    const state = await list(owner);
    expect(state.workers).toHaveLength(8);
    expect(state.workers.every((w: { enabled: boolean }) => !w.enabled)).toBe(true);
    expect(state.workers.filter((w: { beta: boolean }) => w.beta).length).toBeGreaterThan(0);
    expect(state.stats).toEqual({ activeWorkers: 0, appliedLastHour: 0, meanApplyMs: null, errorFreeLoadsPct: null, pageLoads24h: 0 });
    await expect(server.anonymous().send(`/api/cro/workers/${siteId}`, {})).rejects.toMatchObject({ status: 401 });
    const stranger = await server.createUser();
    await expect(list(stranger)).rejects.toMatchObject({ status: 404 });
  });

  it('validates toggles: viewers, unknown workers and non-boolean values are refused', async () => {
    await expect(toggle(viewer, { siteId, key: 'sticky_cta', enabled: true })).rejects.toMatchObject({
      status: 403,
      message: 'Only editors, admins and owners can change CRO Workers.',
    });
    await expect(toggle(owner, { siteId, key: 'nope', enabled: true })).rejects.toMatchObject({ status: 400, message: 'Unknown worker.' });
    await expect(toggle(owner, { siteId, key: 'sticky_cta', enabled: 'yes' })).rejects.toMatchObject({ status: 400 });
    expect(await server.admin.collection('optimization_rules').getFullList()).toEqual([]);
  });

  it('switching a worker on deploys its rule; stats come from exposures, page views and errors', async () => {
    const on = await toggle(owner, { siteId, key: 'checkout_trust', enabled: true });
    const worker = on.workers.find((w: { key: string }) => w.key === 'checkout_trust');
    expect(worker).toMatchObject({ enabled: true, ruleId: expect.any(String) });
    const rule = await server.admin.collection('optimization_rules').getOne(worker.ruleId);
    expect(rule).toMatchObject({
      rule_type: 'worker_checkout_trust',
      enabled: true,
      rollout_percentage: 100,
      auto_rollback_enabled: true,
      url_pattern: '/checkout*',
    });
    expect(rule.seed).toMatch(/^\w{16}$/);
    const audit = await owner.client.collection('optimization_audit_log').getFullList({ filter: `rule_id = "${rule.id}"` });
    expect(audit.map((a) => a.reason)).toEqual(['Worker Checkout Trust Badges enabled']);

    // Four page loads of one visitor through the collect endpoint: two with the rule applied (in 2
    // and 4 ms), one with two errors.
    const key = (await server.admin.collection('sites').getOne(siteId)).public_key as string;
    const t = Date.now();
    const pv = { t: 'pv', ts: t, p: '/checkout' };
    const applied = (ms: number) => ({ t: 'ex', ts: t + 1, p: '/checkout', id: rule.id, val: ms });
    const error = { t: 'er', ts: t + 2, p: '/checkout', m: 'TypeError: x is undefined' };
    const send = (s: string, events: object[]) => visit(server, key, events, { v: 'visitor-1', s, origin: 'https://workers.example.com' });
    await Promise.all([
      send('session-1', [pv, applied(2)]),
      send('session-2', [pv, applied(4)]),
      send('session-3', [pv, error, { ...error, ts: t + 3 }]),
      send('session-4', [pv]),
    ]);
    const state = await list(owner);
    expect(state.stats).toEqual({ activeWorkers: 1, appliedLastHour: 2, meanApplyMs: 3, errorFreeLoadsPct: 75, pageLoads24h: 4 });

    const off = await toggle(owner, { siteId, key: 'checkout_trust', enabled: false });
    expect(off.stats.activeWorkers).toBe(0);
    expect((await server.admin.collection('optimization_rules').getOne(rule.id)).enabled).toBe(false);
  });
});
