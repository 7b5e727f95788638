/**
 * The edge over HTTPS through the real server, with pebble as the ACME CA: pebble resolves the
 * site's name at the install's own nameservers (which answer the edge's address) and validates at
 * the edge, the edge gets a certificate for the host and serves the page over HTTP/2 with the
 * tracking snippet; plain HTTP then redirects; a host the edge does not serve gets no certificate
 * (a TLS alert) and 421 over HTTP.
 */
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect as connectH2 } from 'node:http2';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { startPebble, type Pebble } from '../../helpers/pebble';
import { freePort, startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { trackingSnippet } from '../../../src/lib/tracking-snippet';
import { closeServer } from '../../helpers/close-server';
import { proveDomain } from '../../helpers/domain-proof';

const NS = ['ns1.tls-cro.test', 'ns2.tls-cro.test'];
const DOMAIN = 'tls-shop.test';
const PAGE = '<!doctype html><html><head><title>TLS shop</title></head><body><h1>Welcome to the TLS shop</h1></body></html>';

let upstream: DnsFixture;
let pebble: Pebble;
let server: TestServer;
let owner: TestUser;
let origin: Server;
let httpPort: number;
let httpsPort: number;
let site: { id: string; public_key: string };

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
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port: httpPort, path: '/?a=1', headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One HTTPS request by host name, trusting only pebble's root: the protocol, status, body and certificate. */
function overHttps(host: string) {
  return new Promise<{ protocol: string; status: number; body: string; cert: X509Certificate }>((resolve, reject) => {
    const session = connectH2(`https://127.0.0.1:${httpsPort}`, { ca: pebble.root, servername: host });
    session.on('error', reject);
    session.on('connect', () => {
      const socket = session.socket as import('node:tls').TLSSocket;
      const cert = socket.getPeerX509Certificate()!;
      const req = session.request({ ':path': '/', ':authority': host, 'accept-encoding': 'identity' });
      let status = 0;
      let body = '';
      req.on('response', (h) => (status = Number(h[':status'])));
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        resolve({ protocol: session.alpnProtocol ?? '', status, body, cert });
        session.close();
      });
      req.on('error', reject);
    });
  });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the edge over HTTPS', () => {
  it('serves the page over plain HTTP until the host has a certificate', async () => {
    // The site's creation and its origin are two writes, each reloading the edge's hosts: between
    // them the host is served with no origin yet (502), so wait for the page itself.
    const res = await until(
      () => overHttp(DOMAIN),
      (r) => r.status === 200,
    );
    expect(res.status).toBe(200);
    expect(res.body).toContain('Welcome to the TLS shop');
  });

  it('obtains a certificate from the CA for the host and serves the page over HTTP/2 with the snippet', async () => {
    const res = await overHttps(DOMAIN);
    expect(res.protocol).toBe('h2');
    expect(res.status).toBe(200);
    expect(res.body).toBe(PAGE.replace('<head>', `<head>${trackingSnippet(server.url, site.public_key)}`));
    expect(res.cert.subjectAltName).toBe(`DNS:${DOMAIN}`);
    expect(res.cert.issuer).toContain('Pebble');
    // Kept in the data directory, so a restart reuses it instead of asking the CA again.
    expect(existsSync(join(server.dataDir, 'edge_certificates', DOMAIN))).toBe(true);
  });

  it('then redirects plain HTTP to HTTPS', async () => {
    const res = await overHttp(`www.${DOMAIN}`);
    expect(res.status).toBe(200); // www has no certificate yet: still served over HTTP
    const apex = await overHttp(DOMAIN);
    expect(apex.status).toBe(301);
    expect(apex.location).toBe(`https://${DOMAIN}:${httpsPort}/?a=1`);
  });

  it('gives a host it does not serve no certificate and no page', async () => {
    const alert = await new Promise<string>((resolve) => {
      const socket = connectTls({ host: '127.0.0.1', port: httpsPort, servername: 'unknown-shop.test', ca: pebble.root });
      socket.on('secureConnect', () => {
        resolve('handshake succeeded');
        socket.destroy();
      });
      socket.on('error', (err) => resolve(err.message));
    });
    expect(alert).toMatch(/alert/i);
    const res = await overHttp('unknown-shop.test');
    expect(res.status).toBe(421);
    expect(res.body).not.toContain('TLS shop');
  });
});
