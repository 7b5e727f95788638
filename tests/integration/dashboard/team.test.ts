// Team: invite by email with a role, the invitee's pending list and notification, accepting,
// role changes and removal by owners/admins only, all enforced by the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';

let server: TestServer, owner: TestUser, invitee: TestUser, siteId: string;
beforeAll(async () => ({ server, owner, invitee, siteId } = await startSuite({ users: ['owner', 'invitee'], site: 'team.example.com' })));

afterAll(async () => server?.stop());

const accept = (user: TestUser, token: string) =>
  user.client.send<{ siteId: string; role: string; domain: string }>('/api/cro/accept-invite', { method: 'POST', body: { token } });
const invites = (user: TestUser) =>
  user.client.send<{ items: Array<{ token: string; siteId: string; domain: string; role: string }> }>('/api/cro/invites', {});

describe('team invitations', () => {
  let memberId: string;
  let token: string;

  it('an owner invites by email; the invite is listed as invited and the invitee is told', async () => {
    const row = await owner.client
      .collection('site_members')
      .create({ site_id: siteId, email: invitee.email.toUpperCase(), role: 'viewer' });
    memberId = row.id;
    expect(row).toMatchObject({ status: 'invited', role: 'viewer', email: invitee.email, user_id: '', invited_by: owner.record.id });
    expect(row.token).toBeUndefined();
    const list = await owner.client.collection('site_members').getFullList({ filter: `site_id = "${siteId}"`, sort: 'created_at' });
    expect(list.map((m) => [m.role, m.status])).toEqual([
      ['owner', 'active'],
      ['viewer', 'invited'],
    ]);

    const pending = await invites(invitee);
    expect(pending.items).toEqual([{ token: expect.any(String), siteId, domain: 'team.example.com', role: 'viewer' }]);
    token = pending.items[0]!.token;
    const notes = await invitee.client.collection('notifications').getFullList();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'team', title: 'Team invitation', link: `/dashboard/team?invite=${token}` });
    expect(await invitee.client.collection('sites').getFullList()).toHaveLength(0);
  });

  it('refuses an owner role, duplicates and invites by non-managers', async () => {
    await expect(
      owner.client.collection('site_members').create({ site_id: siteId, email: 'x@example.com', role: 'owner' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      owner.client.collection('site_members').create({ site_id: siteId, email: invitee.email, role: 'editor' }),
    ).rejects.toMatchObject({ status: 400 });
    const stranger = await server.createUser();
    await expect(
      stranger.client.collection('site_members').create({ site_id: siteId, email: 'y@example.com', role: 'viewer' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('only the invited email can accept; then the viewer sees the site but cannot change it', async () => {
    const someoneElse = await server.createUser();
    await expect(accept(someoneElse, token)).rejects.toMatchObject({ status: 403 });
    await expect(accept(invitee, 'wrong-token')).rejects.toMatchObject({ status: 404 });
    await expect(accept(invitee, '')).rejects.toMatchObject({ status: 400 });
    expect(await accept(invitee, token)).toEqual({ siteId, domain: 'team.example.com', role: 'viewer' });
    await expect(accept(invitee, token)).rejects.toMatchObject({ status: 404 });

    const sites = await invitee.client.collection('sites').getFullList();
    expect(sites.map((s) => s.id)).toEqual([siteId]);
    await expect(invitee.client.collection('sites').update(siteId, { industry_category: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(
      invitee.client.collection('site_members').create({ site_id: siteId, email: 'z@example.com', role: 'viewer' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      invitee.client.collection('integrations').create({ site_id: siteId, integration_type: 'google_analytics', status: 'connected' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(invitee.client.send('/api/cro/verify-dns', { method: 'POST', body: { siteId } })).rejects.toMatchObject({ status: 403 });
  });

  it('owners change roles (the access lists follow); viewers cannot; the owner row is untouchable', async () => {
    await expect(invitee.client.collection('site_members').update(memberId, { role: 'admin' })).rejects.toMatchObject({ status: 404 });
    await owner.client.collection('site_members').update(memberId, { role: 'editor' });
    const site = await owner.client.collection('sites').getOne(siteId);
    expect(site.editor_ids).toContain(invitee.record.id);
    expect(site.manager_ids).not.toContain(invitee.record.id);
    const ownerRow = await owner.client.collection('site_members').getFirstListItem(`site_id = "${siteId}" && role = "owner"`);
    await expect(owner.client.collection('site_members').update(ownerRow.id, { role: 'viewer' })).rejects.toMatchObject({ status: 404 });
    await expect(owner.client.collection('site_members').update(memberId, { role: 'owner' })).rejects.toMatchObject({ status: 404 });
  });

  it('owners remove members, who then lose the site', async () => {
    await owner.client.collection('site_members').delete(memberId);
    expect(await invitee.client.collection('sites').getFullList()).toHaveLength(0);
  });
});

describe('an invite to someone without an account', () => {
  it('notifies them in the app once they sign up, and they can accept', async () => {
    const email = `later-${Date.now()}@example.com`;
    await owner.client.collection('site_members').create({ site_id: siteId, email, role: 'editor' });
    const later = await server.createUser({ email });
    const notes = await later.client.collection('notifications').getFullList();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'team',
      title: 'Team invitation',
      message: 'You have been invited to team.example.com as editor.',
    });
    const token = String(notes[0]!.link).split('invite=')[1]!;
    expect(await accept(later, token)).toMatchObject({ siteId, role: 'editor' });
  });
});

describe('mark all read', () => {
  it('marks only the caller’s unread notifications', async () => {
    const other = await server.createUser();
    await server.admin.collection('notifications').create({ user_id: owner.record.id, type: 'system', title: 'A' });
    await server.admin.collection('notifications').create({ user_id: owner.record.id, type: 'system', title: 'B' });
    await server.admin.collection('notifications').create({ user_id: other.record.id, type: 'system', title: 'C' });
    const res = await owner.client.send<{ updated: number }>('/api/cro/notifications/read-all', { method: 'POST' });
    expect(res.updated).toBe(2);
    expect((await owner.client.collection('notifications').getFullList()).every((n) => n.read)).toBe(true);
    expect((await other.client.collection('notifications').getFullList())[0]).toMatchObject({ read: false });
  });
});
