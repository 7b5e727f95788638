// Connecting integrations: settings readable, credentials sealed and never returned; editors
// only; bad input and integrations that cannot work here change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { addMember, startSuite } from '../../helpers/suite';

let server: TestServer, owner: TestUser, siteId: string;
beforeAll(async () => ({ server, owner, siteId } = await startSuite({ users: ['owner'], site: 'tools.example.com' })));

afterAll(async () => server?.stop());

const connect = (user: TestUser, body: Record<string, unknown>) =>
  user.client.send<Record<string, unknown>>('/api/cro/integrations/connect', { method: 'POST', body });

describe('POST /api/cro/integrations/connect', () => {
  it('stores settings and secret credentials; the credentials never come back', async () => {
    const res = await connect(owner, { siteId, type: 'facebook_pixel', values: { pixel_id: ' 123456 ', access_token: 'secret-key-1' } });
    // Pending until a delivery or 'Test connection' has worked.
    expect(res).toMatchObject({ status: 'pending', settings: { pixel_id: '123456', credential_keys: ['access_token'] } });
    expect(JSON.stringify(res)).not.toContain('secret-key-1');
    const list = await owner.client.collection('integrations').getFullList({ filter: `site_id = "${siteId}"` });
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain('secret-key-1');
    // Sealed at rest: not even the superuser's API shows the secret.
    const stored = await server.admin.collection('integrations').getOne(list[0]!.id);
    expect(stored.credentials).toEqual({ sealed: expect.stringMatching(/^v1:[A-Za-z0-9+/=]+$/) });
    expect(JSON.stringify(stored)).not.toContain('secret-key-1');

    // Updating with an empty secret keeps the stored one (sealed again, so the text changes).
    await connect(owner, { siteId, type: 'facebook_pixel', values: { pixel_id: '654321' } });
    const again = await server.admin.collection('integrations').getOne(list[0]!.id);
    expect(again.settings).toMatchObject({ pixel_id: '654321', credential_keys: ['access_token'] });
    expect(again.credentials.sealed).not.toBe(stored.credentials.sealed);

    // The server's forwarding cursor survives a reconfiguration, so nothing is forwarded twice.
    await server.admin.collection('integrations').update(list[0]!.id, { settings: { ...again.settings, forwarded_until: { x: 5, c: 7 } } });
    await connect(owner, { siteId, type: 'facebook_pixel', values: { pixel_id: '777' } });
    const third = await server.admin.collection('integrations').getOne(list[0]!.id);
    expect(third.settings).toMatchObject({ pixel_id: '777', forwarded_until: { x: 5, c: 7 } });
  });

  it('rejects unknown types, missing required fields and non-editors without changing anything', async () => {
    await expect(connect(owner, { siteId, type: 'myspace', values: {} })).rejects.toMatchObject({ status: 400 });
    await expect(connect(owner, { siteId, type: 'mailchimp', values: { server_prefix: 'us21', api_key: 'k' } })).rejects.toMatchObject({
      status: 400,
      response: { message: 'Mailchimp cannot be connected on this install.' },
    });
    await expect(connect(owner, { siteId, type: 'slack', values: {} })).rejects.toMatchObject({
      status: 400,
      response: { message: 'Incoming webhook URL is required.' },
    });
    await expect(connect(owner, { siteId, type: 'slack', values: { webhook_url: 42 } })).rejects.toMatchObject({ status: 400 });
    const viewer = await server.createUser();
    await addMember(server, siteId, viewer, 'viewer');
    await expect(connect(viewer, { siteId, type: 'slack', values: { webhook_url: 'https://hooks.slack.test/x' } })).rejects.toMatchObject({
      status: 403,
    });
    const list = await owner.client.collection('integrations').getFullList({ filter: `site_id = "${siteId}"` });
    expect(list.map((i) => i.integration_type)).toEqual(['facebook_pixel']);
  });

  it('members may not write integrations directly through the collection API', async () => {
    await expect(
      owner.client.collection('integrations').create({
        site_id: siteId,
        integration_type: 'google_analytics',
        status: 'connected',
        settings: { property_id: 'G-ABC123' },
        credentials: { x: 'y' },
      }),
    ).rejects.toMatchObject({ status: 403 });
    const list = await server.admin.collection('integrations').getFullList({ filter: `site_id = "${siteId}"` });
    expect(list.map((i) => i.integration_type)).toEqual(['facebook_pixel']);
  });
});
