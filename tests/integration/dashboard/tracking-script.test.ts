// generate-tracking-script: the fixed snippet format, the per-site key, and who may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { addMember, startSuite } from '../../helpers/suite';
import { trackingSnippet } from '../../../src/lib/tracking-snippet';

let server: TestServer, owner: TestUser, siteId: string, key: string;
beforeAll(async () => {
  const suite = await startSuite({ users: ['owner'], site: 'snippet.example.com', env: { APP_URL: 'https://app.example.test/' } });
  ({ server, owner, siteId } = suite);
  key = suite.site.public_key;
});

afterAll(async () => server?.stop());

const generate = (client: TestUser['client'], body: unknown) =>
  client.send<{ script: string }>('/api/cro/generate-tracking-script', { method: 'POST', body: body as Record<string, unknown> });

describe('generate-tracking-script', () => {
  it('gives members the snippet with APP_URL and the site public key', async () => {
    expect(key).toMatch(/^[a-z0-9]{24}$/);
    const { script } = await generate(owner.client, { siteId });
    expect(script).toBe(trackingSnippet('https://app.example.test', key));
    // A render-blocking hide stylesheet and the script by import(), released within 1 s; never a parser-blocking <script src>.
    expect(script).toContain(`l.href=u+'.css';l.setAttribute('blocking','render')`);
    expect(script).toContain(`import(u+'.js')`);
    expect(script).toContain(`"https://app.example.test/t/${key}"`);
    expect(script).toContain('},800);');
    expect(script).not.toMatch(/<script src=/);
    const viewer = await server.createUser();
    await addMember(server, siteId, viewer, 'viewer');
    expect((await generate(viewer.client, { siteId })).script).toContain(`/t/${key}"`);
  });

  it('refuses strangers (404), anonymous callers (401) and bad input (400)', async () => {
    const stranger = await server.createUser();
    await expect(generate(stranger.client, { siteId })).rejects.toMatchObject({ status: 404 });
    await expect(generate(server.anonymous(), { siteId })).rejects.toMatchObject({ status: 401 });
    await expect(generate(owner.client, {})).rejects.toMatchObject({ status: 400 });
    await expect(generate(owner.client, { siteId: 'x'.repeat(15) })).rejects.toMatchObject({ status: 404 });
  });
});
