/**
 * The edge through the real server: a DNS-connected site's pages come from its origin with the
 * site's tracking snippet in <head>; a host the install does not serve gets 421 and nothing of any
 * site; a down origin gets the branded page; the owner's origin is checked; and a delegation
 * activates the site once the install's nameservers and the edge answer for it.
 */
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { freePort, startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { trackingSnippet } from '../../../src/lib/tracking-snippet';
import { closeServer } from '../../helpers/close-server';
import { proveDomain } from '../../helpers/domain-proof';

const NS = ['ns1.edge-cro.test', 'ns2.edge-cro.test'];
const DOMAIN = 'edge-shop.test';
const PAGE = '<!doctype html><html><head><title>Edge shop</title></head><body><h1>Welcome to the edge shop</h1></body></html>';

let upstream: DnsFixture;
let server: TestServer;
let owner: TestUser;
let origin: Server;
let originUrl: string;
let edge: string;
let site: { id: string; public_key: string };

beforeAll(async () => {
  origin = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': req.url === '/app.css' ? 'text/css' : 'text/html; charset=utf-8' });
    res.end(req.url === '/app.css' ? 'h1{color:red}' : PAGE);
  });
  const originPort = await freePort();
  await new Promise<void>((r) => origin.listen(originPort, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${originPort}`;
  upstream = await startDnsServer();
  const dnsPort = await freePort();
  edge = `127.0.0.1:${await freePort()}`;
  server = await startPocketBase({
    env: {
      CRO_DNS_RESOLVER: upstream.address,
      CRO_DNS_LISTEN: `127.0.0.1:${dnsPort}`,
      CRO_NAMESERVERS: NS.join(','),
      CRO_NAMESERVER_ADDRESSES: `127.0.0.1:${dnsPort}`,
      CRO_EDGE_ADDRESSES: '127.0.0.1',
      CRO_EDGE_HTTP: edge,
      CRO_EDGE_ALLOW_PRIVATE: '1', // the test origin is on loopback
    },
  });
  owner = await server.createUser();
  site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: DOMAIN });
  await proveDomain(upstream, owner.client, site.id); // before that the edge routes none of its hosts
});

afterAll(async () => {
  await server?.stop();
  await upstream?.stop();
  await closeServer(origin);
});

async function viaEdge(host: string, path = '/', headers: Record<string, string> = {}) {
  // fetch() will not send another Host: a raw request through node:http does.
  const { request } = await import('node:http');
  const [hostname, port] = edge.split(':');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ hostname, port: Number(port), path, headers: { Host: host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
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

describe('the edge', () => {
  it('refuses an origin that is not an http(s) address, and changes nothing', async () => {
    await expect(owner.client.collection('sites').update(site.id, { edge_origin: 'origin.example.com/path' })).rejects.toMatchObject({
      status: 400,
      response: { message: expect.stringContaining('The origin must be an http:// or https:// address') },
    });
    expect((await owner.client.collection('sites').getOne(site.id)).edge_origin).toBe('');
  });

  it('serves the site from its origin with the tracking snippet in <head>, compressed for the visitor', async () => {
    // The edge learns a new site's hosts when its zones reload, just after the write: wait for that.
    const before = await until(
      () => viaEdge(DOMAIN),
      (r) => r.status !== 421,
    );
    expect(before.status).toBe(502);
    expect(before.body.toString()).toContain('No origin server is set for this site yet.');

    await owner.client.collection('sites').update(site.id, { edge_origin: originUrl });
    const res = await until(
      () => viaEdge(`www.${DOMAIN}`, '/', { 'Accept-Encoding': 'gzip' }),
      (r) => r.status === 200,
    );
    expect(res.headers['content-encoding']).toBe('gzip');
    const snippet = trackingSnippet(server.url, site.public_key);
    expect(gunzipSync(res.body).toString()).toBe(PAGE.replace('<head>', `<head>${snippet}`));
    const css = await viaEdge(DOMAIN, '/app.css');
    expect(css.body.toString()).toBe('h1{color:red}');
  });

  it('answers 421 for a host it does not serve, with nothing of any site', async () => {
    for (const host of ['unknown-shop.test', `shop.${DOMAIN}`, edge]) {
      const res = await viaEdge(host);
      expect(res.status).toBe(421);
      expect(res.body.toString()).not.toContain('edge shop');
    }
  });

  it('activates the site when the delegation is seen and the edge answers for the domain', async () => {
    upstream.setNameservers(DOMAIN, NS);
    const res = await owner.client.send<{ verified: boolean; message: string }>('/api/cro/verify-dns', {
      method: 'POST',
      body: { siteId: site.id },
    });
    expect(res).toMatchObject({ verified: true });
    expect(await owner.client.collection('sites').getOne(site.id)).toMatchObject({ dns_verified: true, status: 'active' });
  });

  it('says so with the branded page when the origin is down', async () => {
    await closeServer(origin);
    const res = await viaEdge(DOMAIN);
    expect(res.status).toBe(502);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body.toString()).toContain(`${DOMAIN} is not answering right now`);
  });
});
