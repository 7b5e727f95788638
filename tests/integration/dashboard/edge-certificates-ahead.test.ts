/**
 * Certificates before the first visit: when verification turns a site Active, the edge asks the
 * ACME CA (pebble) for the apex's and www's certificates in the background, with no visitor's
 * handshake; the first HTTPS visit then gets them from the cache, which the test shows by stopping
 * the CA before that visit. A site that is not Active gets none ahead of time.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect as connectH2 } from 'node:http2';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { startPebble, type Pebble } from '../../helpers/pebble';
import { freePort, startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { closeServer } from '../../helpers/close-server';
import { proveDomain } from '../../helpers/domain-proof';

const NS = ['ns1.ahead-cro.test', 'ns2.ahead-cro.test'];
const DOMAIN = 'ahead-shop.test';
const PAGE = '<!doctype html><html><head><title>Ahead shop</title></head><body><h1>Welcome to the ahead shop</h1></body></html>';

let upstream: DnsFixture;
let pebble: Pebble;
let root: string;
let server: TestServer;
let owner: TestUser;
let origin: Server;
let httpPort: number;
let httpsPort: number;
let site: { id: string };

const cached = (host: string) => join(server.dataDir, 'edge_certificates', host);

beforeAll(async () => {
  origin = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  const originPort = await freePort();
  await new Promise<void>((r) => origin.listen(originPort, '127.0.0.1', r));
  upstream = await startDnsServer();
  const dns = `127.0.0.1:${await freePort()}`;
  [httpPort, httpsPort] = [await freePort(), await freePort()];
  pebble = await startPebble({ dnsServer: dns, httpPort, tlsPort: httpsPort });
  root = pebble.root;
  server = await startPocketBase({
    env: {
      ...pebble.env,
      CRO_DNS_RESOLVER: upstream.address,
      CRO_DNS_LISTEN: dns,
      CRO_NAMESERVERS: NS.join(','),
      CRO_NAMESERVER_ADDRESSES: dns,
      CRO_EDGE_ADDRESSES: '127.0.0.1',
      CRO_EDGE_HTTP: `127.0.0.1:${httpPort}`,
      CRO_EDGE_HTTPS: `127.0.0.1:${httpsPort}`,
      CRO_EDGE_ALLOW_PRIVATE: '1', // the test origin is on loopback
    },
  });
  owner = await server.createUser();
  site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: DOMAIN });
  await owner.client.collection('sites').update(site.id, { edge_origin: `http://127.0.0.1:${originPort}` });
  await proveDomain(upstream, owner.client, site.id); // before that the edge routes none of its hosts
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await pebble?.stop();
  await upstream?.stop();
  await closeServer(origin);
});

function overHttp(host: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port: httpPort, path: '/', headers: { Host: host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One HTTP/2 request by host name, trusting only pebble's root: status, body and certificate. */
function overHttps(host: string) {
  return new Promise<{ status: number; body: string; cert: X509Certificate }>((resolve, reject) => {
    const session = connectH2(`https://127.0.0.1:${httpsPort}`, { ca: root, servername: host });
    session.on('error', reject);
    session.on('connect', () => {
      const cert = (session.socket as TLSSocket).getPeerX509Certificate()!;
      const req = session.request({ ':path': '/', ':authority': host, 'accept-encoding': 'identity' });
      let status = 0;
      let body = '';
      req.on('response', (h) => (status = Number(h[':status'])));
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        resolve({ status, body, cert });
        session.close();
      });
      req.on('error', reject);
    });
  });
}

async function until(ok: () => boolean | Promise<boolean>, timeout = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await ok()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The leaf certificate of a cached PEM file (autocert keeps the key first, then the chain). */
function cachedLeaf(host: string) {
  const pem = readFileSync(cached(host), 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0];
  return new X509Certificate(pem);
}

describe('certificates before the first visit', () => {
  it('asks for none while the site is not Active', async () => {
    expect(await until(async () => (await overHttp(DOMAIN)) === 200)).toBe(true); // the edge serves the host
    await new Promise((r) => setTimeout(r, 1500)); // time enough for a request to pebble, had one been made
    expect(existsSync(cached(DOMAIN))).toBe(false);
    expect(existsSync(cached(`www.${DOMAIN}`))).toBe(false);
  });

  it('obtains the apex and www certificates in the background once verification turns the site Active', async () => {
    upstream.setNameservers(DOMAIN, NS);
    const res = await owner.client.send<{ verified: boolean }>('/api/cro/verify-dns', { method: 'POST', body: { siteId: site.id } });
    expect(res.verified).toBe(true);
    expect(await owner.client.collection('sites').getOne(site.id)).toMatchObject({ status: 'active', dns_verified: true });
    expect(await until(() => existsSync(cached(DOMAIN)) && existsSync(cached(`www.${DOMAIN}`)), 30_000)).toBe(true);
    expect(cachedLeaf(DOMAIN).subjectAltName).toBe(`DNS:${DOMAIN}`);
    expect(cachedLeaf(`www.${DOMAIN}`).subjectAltName).toBe(`DNS:www.${DOMAIN}`);
    // The edge knows it has them: plain HTTP is sent to HTTPS before anyone visited over HTTPS.
    expect(await overHttp(`www.${DOMAIN}`)).toBe(301);
  }, 40_000);

  it('serves the first HTTPS visit with the certificate from the cache, with the CA gone', async () => {
    await pebble.stop();
    for (const host of [DOMAIN, `www.${DOMAIN}`]) {
      const res = await overHttps(host);
      expect(res.status).toBe(200);
      expect(res.body).toContain('Welcome to the ahead shop');
      expect(res.cert.issuer).toContain('Pebble');
      expect(res.cert.serialNumber).toBe(cachedLeaf(host).serialNumber);
    }
  });
});
