// 'Check if Connected' for a site connected by the tracking script (no nameservers on this install):
// pending until visits from the site's own domain arrive through the collect endpoint, then Active;
// a visit from another origin proves nothing; only owners and admins may ask; the flag is the server's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { addMember, startSuite } from '../../helpers/suite';
import { isSiteConnected, trackingNotSeenMessage } from '../../../src/lib/site-connection';
import { batch, post } from '../analytics/helpers';

const DOMAIN = 'scripted.example.com';
let server: TestServer, owner: TestUser, siteId: string, key: string;

beforeAll(async () => {
  const suite = await startSuite({ users: ['owner'], site: DOMAIN });
  ({ server, owner, siteId } = suite);
  key = suite.site.public_key;
});
afterAll(async () => server?.stop());

const check = (client: TestUser['client'], body: Record<string, unknown> = { siteId }) =>
  client.send<{ verified: boolean; message: string }>('/api/cro/verify-tracking', { method: 'POST', body });
const site = () => server.admin.collection('sites').getOne<{ status: string; dns_verified: boolean; tracking_verified: boolean }>(siteId);
const visit = (origin: string) => post(server, batch(key, [{ t: 'pv', ts: Date.now(), p: '/' }]), { origin });

describe('verify-tracking', () => {
  it('keeps a site without visits pending, and says what to do', async () => {
    expect(await check(owner.client)).toEqual({ verified: false, message: trackingNotSeenMessage(DOMAIN) });
    const pending = await site();
    expect(pending).toMatchObject({ status: 'pending', tracking_verified: false, dns_verified: false });
    expect(isSiteConnected(pending)).toBe(false);
  });

  it('refuses a visit from another origin at collect, so it cannot prove the script runs on the domain', async () => {
    expect((await visit('https://elsewhere.example.org')).status).toBe(403);
    expect((await check(owner.client)).verified).toBe(false);
  });

  it('turns the site Active once a visit from its domain has arrived, and stays so', async () => {
    expect((await visit(`https://www.${DOMAIN}`)).ok).toBe(true);
    await expect.poll(async () => (await check(owner.client)).verified, { timeout: 15_000 }).toBe(true);
    const active = await site();
    expect(active).toMatchObject({ status: 'active', tracking_verified: true, dns_verified: false });
    expect(isSiteConnected(active)).toBe(true);
    expect(await check(owner.client)).toEqual({ verified: true, message: 'Your site is now active' });
  });

  it('lets only owners and admins ask, and nobody set the flag', async () => {
    const editor = await server.createUser();
    await addMember(server, siteId, editor, 'editor');
    await expect(check(editor.client)).rejects.toMatchObject({ status: 403 });
    await expect(check((await server.createUser()).client)).rejects.toMatchObject({ status: 404 });
    await expect(check(server.anonymous())).rejects.toMatchObject({ status: 401 });
    await expect(check(owner.client, {})).rejects.toMatchObject({ status: 400 });
  });

  it('a new domain puts the site back to pending until it is checked again', async () => {
    await owner.client.collection('sites').update(siteId, { domain: 'moved.example.net' });
    expect(await site()).toMatchObject({ status: 'pending', tracking_verified: false });
  });
});
