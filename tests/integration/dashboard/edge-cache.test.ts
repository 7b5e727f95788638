/**
 * The edge's cache through the real server: a static file is answered from the edge's copy on
 * the second request while pages always come from the origin; the site's members read the
 * cache's figures; only its owner and admins purge it (editors and viewers 403, strangers 404,
 * signed-out callers 401), and a refused purge leaves the cache as it was.
 */
import { createServer, request, type Server } from 'node:http';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { closeServer } from '../../helpers/close-server';
import { startDnsServer, type DnsFixture } from '../../helpers/dns-server';
import { proveDomain } from '../../helpers/domain-proof';

const DOMAIN = 'cache-shop.test';
const PAGE = '<!doctype html><html><head><title>Cache shop</title></head><body>Shop</body></html>';

type Role = 'owner' | 'admin' | 'editor' | 'viewer' | 'stranger';

let server: TestServer;
let upstream: DnsFixture;
let users: Record<Role, TestUser>;
let origin: Server;
let edge: string;
let siteId: string;
const originHits: Record<string, number> = {};

beforeAll(async () => {
  origin = createServer((req, res) => {
    originHits[req.url ?? ''] = (originHits[req.url ?? ''] ?? 0) + 1;
    if (req.url === '/app.css') {
      res.writeHead(200, { 'Content-Type': 'text/css', 'Cache-Control': 'public, max-age=600' });
      res.end('h1{color:red}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=600' });
    res.end(PAGE);
  });
  const originPort = await freePort();
  await new Promise<void>((r) => origin.listen(originPort, '127.0.0.1', r));
  edge = `127.0.0.1:${await freePort()}`;
  upstream = await startDnsServer(); // where the owner proves control of the domain
  server = await startPocketBase({ env: { CRO_EDGE_HTTP: edge, CRO_EDGE_ALLOW_PRIVATE: '1', CRO_DNS_RESOLVER: upstream.address } });
  const roles: Role[] = ['owner', 'admin', 'editor', 'viewer', 'stranger'];
  users = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await server.createUser()] as const))) as typeof users;
  const site = await users.owner.client.collection('sites').create({ user_id: users.owner.record.id, domain: DOMAIN });
  siteId = site.id;
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    await server.admin
      .collection('site_members')
      .create({ site_id: siteId, user_id: users[role].record.id, email: users[role].email, role, status: 'active' });
  }
  await users.owner.client.collection('sites').update(siteId, { edge_origin: `http://127.0.0.1:${originPort}` });
  await proveDomain(upstream, users.owner.client, siteId); // before that the edge routes none of its hosts
  // The edge learns the site's host and origin a moment after the write.
  const deadline = Date.now() + 10_000;
  while ((await viaEdge('/')).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
});

afterAll(async () => {
  await server?.stop();
  await upstream?.stop();
  await closeServer(origin);
});

function viaEdge(path: string) {
  const [hostname, port] = edge.split(':');
  return new Promise<{ status: number; cache: string | undefined; body: string }>((resolve, reject) => {
    const req = request({ hostname, port: Number(port), path, headers: { Host: DOMAIN } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const client = (role: Role | 'anonymous'): PocketBase => (role === 'anonymous' ? server.anonymous() : users[role].client);
const purge = (role: Role | 'anonymous', body: Record<string, unknown> = {}) =>
  client(role).send<{ purged: number }>(`/api/cro/edge/${siteId}/purge`, { method: 'POST', body });
const stats = (role: Role | 'anonymous') =>
  client(role).send<{ enabled: boolean; entries: number; hits: number; misses: number; bytesFromCache: number; hitRatio: number | null }>(
    `/api/cro/edge/${siteId}/cache`,
    {},
  );

describe('the edge cache', () => {
  it('answers a static file from its copy the second time, and a page from the origin every time', async () => {
    expect(await viaEdge('/app.css')).toMatchObject({ status: 200, cache: 'MISS', body: 'h1{color:red}' });
    expect(await viaEdge('/app.css')).toMatchObject({ status: 200, cache: 'HIT', body: 'h1{color:red}' });
    expect(originHits['/app.css']).toBe(1);
    const pagesBefore = originHits['/'] ?? 0;
    expect((await viaEdge('/')).cache).toBe('MISS');
    expect(originHits['/']).toBe(pagesBefore + 1);
  });

  it("shows the site's members its figures, and no one else", async () => {
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      const s = await stats(role);
      expect(s).toMatchObject({ enabled: true, entries: 1, hits: 1, bytesFromCache: 13 });
      expect(s.hitRatio).toBeCloseTo(s.hits / (s.hits + s.misses));
    }
    await expect(stats('stranger')).rejects.toMatchObject({ status: 404 });
    await expect(stats('anonymous')).rejects.toMatchObject({ status: 401 });
  });

  it('lets only the owner and admins purge, and a refused purge keeps the cache', async () => {
    await expect(purge('editor')).rejects.toMatchObject({
      status: 403,
      response: { message: expect.stringContaining('owner and admins') },
    });
    await expect(purge('viewer')).rejects.toMatchObject({ status: 403 });
    await expect(purge('stranger')).rejects.toMatchObject({ status: 404 });
    await expect(purge('anonymous')).rejects.toMatchObject({ status: 401 });
    await expect(purge('owner', { path: 'app.css?x' })).rejects.toMatchObject({ status: 400 });
    expect((await viaEdge('/app.css')).cache).toBe('HIT');

    expect(await purge('admin')).toEqual({ purged: 1 });
    expect((await stats('viewer')).entries).toBe(0);
    expect(await viaEdge('/app.css')).toMatchObject({ cache: 'MISS', body: 'h1{color:red}' });
    expect(originHits['/app.css']).toBe(2);

    expect(await purge('owner', { path: '/other.css' })).toEqual({ purged: 0 });
    expect(await purge('owner', { path: '/app.css' })).toEqual({ purged: 1 });
    expect((await viaEdge('/app.css')).cache).toBe('MISS');
  });
});
