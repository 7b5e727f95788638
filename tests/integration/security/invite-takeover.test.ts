// An invite must not be taken over by someone who signs up with the invited address without
// owning it: the pending list and the in-app notification show the token only to a verified
// owner of the address; the mail's token itself proves the mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../../helpers/smtp';

let smtp: SmtpListener;
let server: TestServer;
let owner: TestUser;
let siteId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startPocketBase({ env: smtp.env });
  owner = await server.createUser();
  siteId = (await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'takeover.example.com' })).id;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Signs up through the public API, as anyone can: the account is unverified but may sign in. */
async function signUp(email: string): Promise<PocketBase> {
  const client = server.anonymous();
  await client.collection('users').create({ email, password: 'squatter-pass-123', passwordConfirm: 'squatter-pass-123' });
  await client.collection('users').authWithPassword(email, 'squatter-pass-123');
  return client;
}

const invites = (client: PocketBase) => client.send<{ items: Array<{ token: string }> }>('/api/cro/invites', {});
const accept = (client: PocketBase, token: string) => client.send('/api/cro/accept-invite', { method: 'POST', body: { token } });

describe('invite takeover with an unverified address', () => {
  it('an unverified sign-up with the invited address sees no token and cannot become admin', async () => {
    const email = `newhire-${Date.now()}@corp.test`;
    await owner.client.collection('site_members').create({ site_id: siteId, email, role: 'admin' });
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'You are invited to takeover.example.com');
    const mailedToken = /invite=([A-Za-z0-9]+)/.exec(mail.text)?.[1];
    expect(mailedToken).toBeTruthy();

    const squatter = await signUp(email);
    expect(squatter.authStore.record?.verified).toBe(false);
    expect((await invites(squatter)).items).toEqual([]);
    const notes = await squatter.collection('notifications').getFullList();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.link).toBe('/dashboard/team');
    expect(JSON.stringify(notes)).not.toContain(mailedToken);

    const site = await server.admin.collection('sites').getOne(siteId);
    expect(site.manager_ids).not.toContain(squatter.authStore.record!.id);
    const row = await server.admin.collection('site_members').getFirstListItem(`site_id = "${siteId}" && email = "${email}"`);
    expect(row).toMatchObject({ status: 'invited', user_id: '' });
  });

  it('whoever holds the mailed token accepts, which verifies the account', async () => {
    const email = `mailbox-${Date.now()}@corp.test`;
    await owner.client.collection('site_members').create({ site_id: siteId, email, role: 'editor' });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const token = /invite=([A-Za-z0-9]+)/.exec(mail.text)![1]!;
    const invitee = await signUp(email);
    await expect(accept(invitee, token)).resolves.toMatchObject({ siteId, role: 'editor' });
    const user = await server.admin.collection('users').getOne(invitee.authStore.record!.id);
    expect(user.verified).toBe(true);
  });

  it('a verified owner of the address lists the invite with its token; another verified account cannot accept it', async () => {
    const invitee = await server.createUser();
    await owner.client.collection('site_members').create({ site_id: siteId, email: invitee.email, role: 'viewer' });
    const items = (await invites(invitee.client)).items;
    expect(items).toHaveLength(1);
    const stranger = await server.createUser();
    await expect(accept(stranger.client, items[0]!.token)).rejects.toMatchObject({ status: 403 });
    await expect(accept(invitee.client, items[0]!.token)).resolves.toMatchObject({ siteId, role: 'viewer' });
  });
});
