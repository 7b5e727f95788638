// The Free plan's one website cannot be raced: twelve parallel creates by a free user make
// exactly one site, and the others get the plan message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';

let server: TestServer;
beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => server?.stop());

describe('free plan site limit', () => {
  it('holds under 12 parallel creates', async () => {
    const user = await server.createUser();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        user.client.collection('sites').create({ user_id: user.record.id, domain: `race${i}.example.com` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({
        status: 400,
        response: { message: 'The Free plan includes 1 website. Upgrade your plan to add more websites.' },
      });
    }
    const sites = await server.admin.collection('sites').getFullList({ filter: `user_id = "${user.record.id}"` });
    expect(sites).toHaveLength(1);
    // The site is complete: its owner membership was written after the commit.
    const members = await server.admin.collection('site_members').getFullList({ filter: `site_id = "${sites[0]!.id}"` });
    expect(members.map((m) => m.role)).toEqual(['owner']);
  });
});
