// DNS stand-in: a real DNS server on loopback (tests/helpers/dns-server.ts) that the product
// server resolves through (CRO_DNS_RESOLVER), plus a tiny HTTP control API so that tests in
// any worker can publish a zone: POST {zone, nameservers} to E2E_DNS_CONTROL_URL. It also plays
// the install's own nameservers.
import { createServer } from 'node:http';
import { startDnsServer } from '../../helpers/dns-server';
import { freePort } from '../../helpers/pocketbase';
import type { StandIn } from './types';

export const E2E_NAMESERVERS = ['ns1.e2e-cro.test', 'ns2.e2e-cro.test'];

export async function dnsStandIn(): Promise<StandIn> {
  // The install's own nameservers answer for their zone (CRO_NAMESERVER_ADDRESSES): the dashboard
  // offers connecting by DNS only then.
  const dns = await startDnsServer({ 'e2e-cro.test': E2E_NAMESERVERS });
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const { zone, nameservers } = JSON.parse(body) as { zone: string; nameservers: string[] };
        if (req.method !== 'POST' || typeof zone !== 'string' || !Array.isArray(nameservers)) throw new Error('bad request');
        dns.setNameservers(zone, nameservers);
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => control.listen(port, '127.0.0.1', r));
  return {
    env: {
      CRO_DNS_RESOLVER: dns.address,
      CRO_NAMESERVERS: E2E_NAMESERVERS.join(','),
      CRO_NAMESERVER_ADDRESSES: dns.address,
      E2E_DNS_CONTROL_URL: `http://127.0.0.1:${port}`,
    },
    async stop() {
      await new Promise((r) => control.close(r));
      await dns.stop();
    },
  };
}

/** Publishes (or with [] removes) a zone's NS records on the DNS stand-in. */
export async function publishZone(zone: string, nameservers: string[]): Promise<void> {
  const url = process.env.E2E_DNS_CONTROL_URL;
  if (!url) throw new Error('E2E_DNS_CONTROL_URL is not set: is the DNS stand-in registered?');
  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ zone, nameservers }) });
  if (res.status !== 204) throw new Error(`DNS control answered ${res.status}`);
}
