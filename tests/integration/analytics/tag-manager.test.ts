/**
 * Google Tag Manager works in the visitor's browser: the site's script config carries `gt` (the
 * tracker then pushes exposures to the page's dataLayer, src/tracker/datalayer.ts) exactly while
 * the site has a connected Google Tag Manager integration. Connecting is for editors and owners,
 * through the validated connect route only; viewers, strangers and anonymous callers change nothing.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { makeSite } from './helpers';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, stranger: TestUser, site: RecordModel;

beforeAll(async () => {
  ({ server, owner, editor, viewer, stranger, site } = await startSuite({
    users: ['owner', 'editor', 'viewer', 'stranger'],
    site: 'gtm.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
}, 60_000);
afterAll(async () => server?.stop());

/** The config the server inlines around the tracker for this site. */
async function config(key: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/t/${key}.js`);
  expect(res.status).toBe(200);
  const json = /\}\)\((\{.*\})\);\n$/.exec(await res.text())?.[1];
  expect(json).toBeTruthy();
  return JSON.parse(json!);
}

const connect = (client: TestUser['client'], siteId: string, values: Record<string, string> = { container_id: 'GTM-ABC1234' }) =>
  client.send<{ id: string; status: string; settings: Record<string, unknown> }>('/api/cro/integrations/connect', {
    method: 'POST',
    body: { siteId, type: 'google_tag_manager', values },
  });

describe('the Google Tag Manager flag in the script config', () => {
  it('is absent while nothing is connected, and viewers, strangers and anonymous callers cannot connect it', async () => {
    expect(await config(site.public_key)).not.toHaveProperty('gt');
    await expect(connect(viewer.client, site.id)).rejects.toMatchObject({ status: 403 });
    await expect(connect(stranger.client, site.id)).rejects.toMatchObject({ status: 404 });
    const anonymous = await fetch(`${server.url}/api/cro/integrations/connect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ siteId: site.id, type: 'google_tag_manager', values: {} }),
    });
    expect(anonymous.status).toBe(401);
    expect(await owner.client.collection('integrations').getFullList()).toHaveLength(0);
    expect(await config(site.public_key)).not.toHaveProperty('gt');
  });

  it('editors cannot write a record through the collection API (only the connect route does), and a pending one sets nothing', async () => {
    const records = editor.client.collection('integrations');
    const base = { site_id: site.id, integration_type: 'google_tag_manager', name: 'Google Tag Manager', enabled: true };
    await expect(records.create({ ...base, status: 'connected' })).rejects.toMatchObject({ status: 403 });
    await expect(records.create({ ...base, status: 'pending' })).rejects.toMatchObject({ status: 403 });
    const pending = await server.admin.collection('integrations').create({ ...base, status: 'pending' });
    expect(await config(site.public_key)).not.toHaveProperty('gt');
    await records.delete(pending.id);
  });

  it('is true once an editor connects it (the container id is optional), and goes with a disable or a disconnect', async () => {
    const saved = await connect(editor.client, site.id);
    expect(saved).toMatchObject({ status: 'connected', settings: { container_id: 'GTM-ABC1234', credential_keys: [] } });
    expect(await config(site.public_key)).toMatchObject({ k: site.public_key, gt: true });

    await editor.client.collection('integrations').update(saved.id, { enabled: false });
    expect(await config(site.public_key)).not.toHaveProperty('gt');
    await editor.client.collection('integrations').update(saved.id, { enabled: true });
    expect(await config(site.public_key)).toMatchObject({ gt: true });

    await expect(viewer.client.collection('integrations').delete(saved.id)).rejects.toMatchObject({ status: 404 });
    expect(await config(site.public_key)).toMatchObject({ gt: true });
    await editor.client.collection('integrations').delete(saved.id);
    expect(await config(site.public_key)).not.toHaveProperty('gt');

    // The owner may connect it too, without a container id.
    expect(await connect(owner.client, site.id, {})).toMatchObject({ status: 'connected' });
    expect(await config(site.public_key)).toMatchObject({ gt: true });
  });

  it("belongs to its site: another site's connection does not set it", async () => {
    const other = await makeSite(stranger, 'other-gtm.example.com');
    expect(await connect(stranger.client, other.id)).toMatchObject({ status: 'connected' });
    expect(await config(other.public_key)).toMatchObject({ gt: true });
    const mine = await makeSite(owner, 'plain-gtm.example.com');
    expect(await config(mine.public_key)).not.toHaveProperty('gt');
  });
});
