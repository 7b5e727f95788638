// The platform admin route: admins get stats and the newest registrations (four fields only);
// everyone else gets 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';

let server: TestServer, admin: TestUser, user: TestUser;

beforeAll(async () => {
  ({ server, admin, user } = await startSuite({ users: ['admin', 'user'] }));
  await server.admin.collection('user_roles').create({ user_id: admin.record.id, role: 'admin' });
  await user.client.collection('sites').create({ user_id: user.record.id, domain: 'first.example.com' });
  // An Enterprise account ($990 a month) with two sites: one paying user, not two, and not $99 each.
  await server.admin
    .collection('subscriptions')
    .create({ user_id: admin.record.id, plan_tier: 'enterprise', subscription_status: 'active' });
  await admin.client.collection('sites').create({ user_id: admin.record.id, domain: 'paid.example.com' });
  await admin.client.collection('sites').create({ user_id: admin.record.id, domain: 'second.example.com' });
});

afterAll(async () => server?.stop());

interface Overview {
  stats: { totalSites: number; paidUsers: number; freeTrials: number; estimatedRevenue: number };
  registrations: Array<Record<string, unknown>>;
}

describe('GET /api/cro/admin/overview', () => {
  it('gives admins the stats and all sites newest first with only domain, plan_tier, subscription_status, created_at', async () => {
    const res = await admin.client.send<Overview>('/api/cro/admin/overview', {});
    expect(res.stats).toEqual({ totalSites: 3, paidUsers: 1, freeTrials: 1, estimatedRevenue: 990 });
    expect(res.registrations.map((r) => r.domain)).toEqual(['second.example.com', 'paid.example.com', 'first.example.com']);
    for (const r of res.registrations) expect(Object.keys(r).sort()).toEqual(['created_at', 'domain', 'plan_tier', 'subscription_status']);
    expect(res.registrations[0]).toMatchObject({ plan_tier: 'enterprise', subscription_status: 'active' });
  });

  it('refuses other users (403) and anonymous callers (401)', async () => {
    await expect(user.client.send('/api/cro/admin/overview', {})).rejects.toMatchObject({ status: 403 });
    await expect(server.anonymous().send('/api/cro/admin/overview', {})).rejects.toMatchObject({ status: 401 });
  });

  it('users cannot make themselves admin', async () => {
    await expect(user.client.collection('user_roles').create({ user_id: user.record.id, role: 'admin' })).rejects.toMatchObject({
      status: 403,
    });
  });
});
