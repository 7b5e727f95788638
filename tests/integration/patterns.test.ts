import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';

let server: TestServer, user: TestUser, other: TestUser, siteId: string;
beforeAll(async () => ({ server, user, other, siteId } = await startSuite({ users: ['user', 'other'], site: 'patterns.example.com' })));
afterAll(async () => server?.stop());

describe('pattern library seed', () => {
  it('holds at least 30 patterns across the six categories, readable by signed-in users only', async () => {
    const list = await user.client.collection('cro_patterns').getFullList({ sort: '-featured,-avg_lift' });
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(new Set(list.map((p) => p.category))).toEqual(new Set(['conversion', 'trust', 'form', 'checkout', 'mobile', 'pricing']));
    expect(list[0]!.featured).toBe(true);
    expect(list[1]!.featured).toBe(true);
    for (const p of list) {
      expect(p.rule_template).toMatchObject({ rule_type: expect.any(String), changes: expect.any(Array) });
      expect(p.tags.length).toBeGreaterThan(0);
    }
    await expect(server.anonymous().collection('cro_patterns').getList(1, 1)).resolves.toMatchObject({ totalItems: 0 });
    await expect(user.client.collection('cro_patterns').create({ name: 'Mine', category: 'trust' })).rejects.toMatchObject({ status: 403 });
  });
});

describe('pattern requests', () => {
  const ok = {
    name: 'Exit-intent survey',
    description: 'Ask leaving visitors one question about what stopped them.',
    category: 'conversion',
  };

  it('a signed-in user stores a request for their site, marked new, and reads only their own', async () => {
    const created = await user.client.collection('pattern_requests').create({ ...ok, user_id: user.record.id, site_id: siteId });
    expect(created).toMatchObject({ name: ok.name, status: 'new', site_id: siteId });
    expect((await user.client.collection('pattern_requests').getFullList()).map((r) => r.id)).toEqual([created.id]);
    expect(await other.client.collection('pattern_requests').getFullList()).toEqual([]);
    await expect(user.client.collection('pattern_requests').update(created.id, { status: 'published' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(user.client.collection('pattern_requests').delete(created.id)).rejects.toMatchObject({ status: 403 });
  });

  it('refuses anonymous requests, requests for someone else, another site, a set status or bad fields, storing nothing', async () => {
    const before = (await server.admin.collection('pattern_requests').getFullList()).length;
    await expect(
      server
        .anonymous()
        .collection('pattern_requests')
        .create({ ...ok }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(other.client.collection('pattern_requests').create({ ...ok, user_id: user.record.id })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      other.client.collection('pattern_requests').create({ ...ok, user_id: other.record.id, site_id: siteId }),
    ).rejects.toMatchObject({ status: 400, message: 'Unknown site.' });
    await expect(
      user.client.collection('pattern_requests').create({ ...ok, user_id: user.record.id, status: 'published' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(user.client.collection('pattern_requests').create({ ...ok, user_id: user.record.id, name: '  ' })).rejects.toMatchObject({
      status: 400,
      response: { data: { name: expect.anything() } },
    });
    await expect(
      user.client.collection('pattern_requests').create({ ...ok, user_id: user.record.id, description: 'short' }),
    ).rejects.toMatchObject({ status: 400, response: { data: { description: expect.anything() } } });
    await expect(
      user.client.collection('pattern_requests').create({ ...ok, user_id: user.record.id, category: 'nope' }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await server.admin.collection('pattern_requests').getFullList()).length).toBe(before);
  });
});
