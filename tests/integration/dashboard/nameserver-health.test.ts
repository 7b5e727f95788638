/**
 * GET /api/cro/nameservers over HTTP: connecting by DNS is offered only when the install's own
 * nameservers (CRO_NAMESERVER_ADDRESSES) answer for their zone on a real DNS server; an install
 * that runs none, or whose servers do not list the names, says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';

const NAMES = ['ns1.health-cro.test', 'ns2.health-cro.test'];
let dns: DnsFixture;
const servers: TestServer[] = [];

beforeAll(async () => {
  dns = await startDnsServer({ 'health-cro.test': NAMES });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await dns?.stop();
});

async function healthOn(env: Record<string, string>) {
  const server = await startPocketBase({ env: { CRO_NAMESERVERS: NAMES.join(','), ...env } });
  servers.push(server);
  const user = await server.createUser();
  return { server, health: (await user.client.send('/api/cro/nameservers', {})) as { working: boolean; detail: string } };
}

describe('the install nameserver check', () => {
  it('an install that runs no nameservers does not offer connecting by DNS', async () => {
    const { server, health } = await healthOn({});
    expect(health).toMatchObject({ working: false, detail: expect.stringContaining('runs no nameservers') });
    // Signed-out visitors learn nothing.
    expect((await fetch(`${server.url}/api/cro/nameservers`)).status).toBe(401);
  });

  it('nameservers that answer for their zone make it available', async () => {
    const { health } = await healthOn({ CRO_NAMESERVER_ADDRESSES: dns.address });
    expect(health).toMatchObject({ working: true });
  });

  it('a server that does not list the assigned names does not', async () => {
    const { health } = await healthOn({ CRO_NAMESERVER_ADDRESSES: dns.address, CRO_NAMESERVERS: 'ns1.other-cro.test,ns2.other-cro.test' });
    expect(health).toMatchObject({ working: false, detail: expect.stringContaining('other-cro.test') });
  });
});
