// DNS stand-in: a real DNS server on loopback (tests/helpers/dns-server.ts) that the product
// server resolves through (CRO_DNS_RESOLVER): the internet's view of a domain (its delegation and
// its current records), plus a tiny HTTP control API so that tests in any worker can publish a
// zone: POST {zone, nameservers} or {zone, records} to E2E_DNS_CONTROL_URL. The install's own
// nameservers are the product server's authoritative DNS on a loopback port (CRO_DNS_LISTEN), and
// the edge gets its certificates from pebble, which resolves names at those nameservers.
import { createServer } from 'node:http';
import { startDnsServer, type FixtureRecord } from '../../helpers/dns-server';
import { startPebble } from '../../helpers/pebble';
import { freePort } from '../../helpers/pocketbase';
import type { StandIn } from './types';

export const E2E_NAMESERVERS = ['ns1.e2e-cro.test', 'ns2.e2e-cro.test'];

export async function dnsStandIn(): Promise<StandIn> {
  const dns = await startDnsServer();
  // The install's own nameservers answer for their zone (CRO_NAMESERVER_ADDRESSES): the dashboard
  // offers connecting by DNS only then.
  const authoritative = `127.0.0.1:${await freePort()}`;
  // The edge serves DNS-connected sites; Chromium reaches it by host name (--host-resolver-rules).
  const edge = `127.0.0.1:${await freePort()}`;
  const edgeHttpsPort = await freePort();
  // The ACME CA validates at the edge's ports, as a real one would at 80 and 443.
  const acme = await startPebble({ dnsServer: authoritative, httpPort: Number(edge.split(':')[1]), tlsPort: edgeHttpsPort });
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const { zone, nameservers, records } = JSON.parse(body) as { zone: string; nameservers?: string[]; records?: FixtureRecord[] };
        if (req.method !== 'POST' || typeof zone !== 'string' || !(Array.isArray(nameservers) || Array.isArray(records))) {
          throw new Error('bad request');
        }
        if (nameservers) dns.setNameservers(zone, nameservers);
        if (records) dns.setRecords(zone, records);
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
      CRO_DNS_LISTEN: authoritative,
      CRO_NAMESERVER_ADDRESSES: authoritative,
      CRO_EDGE_HTTP: edge,
      CRO_EDGE_HTTPS: `127.0.0.1:${edgeHttpsPort}`,
      CRO_EDGE_ADDRESSES: '127.0.0.1', // what the zones' apex and www answer: the CA finds the edge there
      ...acme.env,
      E2E_ACME_CA_SPKIS: acme.caSpkis, // Chromium trusts the CA's keys (--ignore-certificate-errors-spki-list)
      CRO_EDGE_ALLOW_PRIVATE: '1', // the tests' origins are on loopback
      E2E_DNS_CONTROL_URL: `http://127.0.0.1:${port}`,
    },
    async stop() {
      await new Promise((r) => control.close(r));
      await dns.stop();
      await acme.stop();
    },
  };
}

async function control(body: object): Promise<void> {
  const url = process.env.E2E_DNS_CONTROL_URL;
  if (!url) throw new Error('E2E_DNS_CONTROL_URL is not set: is the DNS stand-in registered?');
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  if (res.status !== 204) throw new Error(`DNS control answered ${res.status}`);
}

/** Publishes (or with [] removes) a zone's NS records on the DNS stand-in: a delegation at the parent. */
export const publishZone = (zone: string, nameservers: string[]) => control({ zone, nameservers });

/** Publishes a domain's current records (what its present nameservers answer) on the DNS stand-in. */
export const publishRecords = (zone: string, records: FixtureRecord[]) => control({ zone, records });
