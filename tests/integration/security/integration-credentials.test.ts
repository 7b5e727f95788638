/**
 * Issue 30, finding 6: a failed delivery wrote the credential into text every member reads. GA4's
 * api_secret travels in the request URL, and Go's error for a refused connection quotes the URL;
 * Slack's webhook URL is the credential, and a vendor's error page may echo it. Neither may reach
 * 'Test connection', error_message (viewers read it), the delivery log or the server's log.
 * (pocketbase/integrations/redact_test.go covers every vendor the same way.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServer } from '../../helpers/close-server';
import { freePort, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';

const GA4_SECRET = 'Ga4+Secret/Value_0123456789';
const SLACK_TOKEN = 'Xy12SlackSecretToken98';
let server: TestServer, editor: TestUser, viewer: TestUser, siteId: string;
let echo: Server, echoUrl: string, closedPort: number;

const connect = (type: string, values: Record<string, string>) =>
  editor.client.send<{ id: string }>('/api/cro/integrations/connect', { method: 'POST', body: { siteId, type, values } });
const test = (id: string) => editor.client.send<{ ok: boolean; error: string }>(`/api/cro/integrations/${id}/test`, { method: 'POST' });

beforeAll(async () => {
  // A vendor's error page that repeats the request line, as some do.
  echo = createServer((req, res) => res.writeHead(500).end(`no_service for POST ${req.url}`));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  closedPort = await freePort(); // nothing listens there: the connection is refused
  ({ server, editor, viewer, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer'],
    site: 'shop.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
    env: {
      CRO_INTEGRATION_ALLOW_HOSTS: `127.0.0.1:${closedPort},${echoUrl.slice('http://'.length)}`,
      CRO_INTEGRATION_ENDPOINTS: `ga4=http://127.0.0.1:${closedPort}`,
      CRO_INTEGRATION_RETRY_MS: '20',
    },
  }));
}, 60_000);
afterAll(async () => {
  await server?.stop();
  if (echo) await closeServer(echo);
});

async function whatMembersRead(id: string, answer: unknown): Promise<string> {
  const integration = await viewer.client.collection('integrations').getOne(id);
  const log = await viewer.client.collection('integration_deliveries').getFullList({ filter: `integration_id = "${id}"` });
  return JSON.stringify({ answer, integration, log });
}

it('GA4 with its secret in the URL: a refused connection says so without the secret', async () => {
  const { id } = await connect('google_analytics', { property_id: 'G-LEAK12345', api_secret: GA4_SECRET });
  const answer = await test(id);
  expect(answer.ok).toBe(false);
  expect(answer.error).toContain('connection refused');
  const read = await whatMembersRead(id, answer);
  expect(read).toContain('connection refused');
  for (const form of [GA4_SECRET, encodeURIComponent(GA4_SECRET), 'Secret/Value_0123456789']) {
    expect(read).not.toContain(form);
    expect(server.output()).not.toContain(form);
  }
});

it('Slack: an error page echoing the webhook path keeps the status, not the token', async () => {
  const { id } = await connect('slack', { webhook_url: `${echoUrl}/services/T0AB12CD/B0EF34GH/${SLACK_TOKEN}` });
  const answer = await test(id);
  expect(answer).toMatchObject({ ok: false, error: expect.stringContaining('HTTP 500: no_service for POST') });
  const read = await whatMembersRead(id, answer);
  expect(read).not.toContain(SLACK_TOKEN);
  expect(read).not.toContain('/services/T0AB12CD/B0EF34GH');
  expect(server.output()).not.toContain(SLACK_TOKEN);
});
