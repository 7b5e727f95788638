// site_members.invited_by records who sent an invite; an admin of the site must not rewrite it
// (to blame someone else for an invite), on create or on update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';

let server: TestServer;
beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => server?.stop());

describe('invited_by', () => {
  it('is set by the server and cannot be written by an admin', async () => {
    const owner = await server.createUser();
    const admin = await server.createUser();
    const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'blame.example.com' });
    await server.admin.collection('site_members').create({ site_id: site.id, user_id: admin.record.id, email: admin.email, role: 'admin' });

    await expect(
      admin.client
        .collection('site_members')
        .create({ site_id: site.id, email: 'x@example.com', role: 'viewer', invited_by: owner.record.id }),
    ).rejects.toMatchObject({ status: 400 });
    const row = await admin.client.collection('site_members').create({ site_id: site.id, email: 'y@example.com', role: 'viewer' });
    expect(row.invited_by).toBe(admin.record.id);

    await expect(admin.client.collection('site_members').update(row.id, { invited_by: owner.record.id })).rejects.toMatchObject({
      status: 404,
    });
    expect((await server.admin.collection('site_members').getOne(row.id)).invited_by).toBe(admin.record.id);
    // Role changes without it still work.
    expect((await admin.client.collection('site_members').update(row.id, { role: 'editor' })).role).toBe('editor');
  });
});
