import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;
beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_NAMESERVERS: 'ns-a.test-dns.net,ns-b.test-dns.net' } });
});
afterAll(async () => server?.stop());

describe('creating a site', () => {
  it('normalises the domain with the shared src/lib code and fills the server fields', async () => {
    const owner = await server.createUser();
    const site = await owner.client.collection('sites').create({
      user_id: owner.record.id,
      domain: '  HTTPS://WWW.Shop-Example.com/landing?x=1 ',
      industry_category: ' Retail ',
    });
    expect(site).toMatchObject({
      domain: 'www.shop-example.com',
      industry_category: 'Retail',
      status: 'pending',
      plan_tier: 'free',
      dns_verified: false,
      nameserver_1: 'ns-a.test-dns.net',
      nameserver_2: 'ns-b.test-dns.net',
      health_status: 'healthy',
      optimization_enabled: true,
      error_threshold_percentage: 5,
    });
    expect(site.public_key).toMatch(/^[a-z2-9]{24}$/);

    const members = await owner.client.collection('site_members').getFullList({ filter: `site_id = "${site.id}"` });
    expect(members.map((m) => [m.user_id, m.email, m.role, m.status])).toEqual([[owner.record.id, owner.email, 'owner', 'active']]);
  });

  it('refuses an invalid domain with a clear message and stores nothing', async () => {
    const user = await server.createUser();
    const err = await user.client
      .collection('sites')
      .create({ user_id: user.record.id, domain: 'not a domain' })
      .catch((e: ClientResponseError) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect((err as ClientResponseError).status).toBe(400);
    expect((err as ClientResponseError).message).toBe('"not a domain" is not a valid domain name.');
    expect(await user.client.collection('sites').getFullList()).toHaveLength(0);
  });

  it('limits a free user to one website', async () => {
    const user = await server.createUser();
    await user.client.collection('sites').create({ user_id: user.record.id, domain: 'first.example.com' });
    const err = await user.client
      .collection('sites')
      .create({ user_id: user.record.id, domain: 'second.example.com' })
      .catch((e: ClientResponseError) => e);
    expect((err as ClientResponseError).status).toBe(400);
    expect((err as ClientResponseError).message).toBe('The Free plan includes 1 website. Upgrade your plan to add more websites.');
  });

  it('lets a paid user add more websites', async () => {
    const user = await server.createUser();
    const first = await user.client.collection('sites').create({ user_id: user.record.id, domain: 'paid.example.com' });
    await server.admin.collection('sites').update(first.id, { plan_tier: 'growth' });
    const second = await user.client.collection('sites').create({ user_id: user.record.id, domain: 'paid2.example.com' });
    expect(second.plan_tier).toBe('free');
  });
});

describe('removing a site', () => {
  it('is for the owner only and takes everything scoped to the site with it', async () => {
    const owner = await server.createUser();
    const admin = await server.createUser();
    const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'remove.example.com' });
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
    await server.admin
      .collection('site_members')
      .create({ site_id: site.id, user_id: admin.record.id, email: admin.email, role: 'admin', status: 'active' });
    const rule = await owner.client.collection('optimization_rules').create({
      site_id: site.id,
      name: 'Copy',
      rule_type: 'cta_text',
      url_pattern: '/*',
      selector: '#buy',
      changes: [{ type: 'set_text', value: 'Buy' }],
      enabled: true,
      rollout_percentage: 100,
    });
    await server.admin.collection('analytics_daily').create({ site_id: site.id, day: '2026-11-01', sessions: 10 });

    await expect(admin.client.collection('sites').delete(site.id)).rejects.toMatchObject({ status: 404 });
    expect((await server.admin.collection('sites').getOne(site.id)).id).toBe(site.id);

    await owner.client.collection('sites').delete(site.id);
    await expect(server.admin.collection('sites').getOne(site.id)).rejects.toMatchObject({ status: 404 });
    await expect(server.admin.collection('optimization_rules').getOne(rule.id)).rejects.toMatchObject({ status: 404 });
    for (const c of ['site_members', 'analytics_daily', 'optimization_audit_log']) {
      expect((await server.admin.collection(c).getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems, c).toBe(0);
    }
  });
});
