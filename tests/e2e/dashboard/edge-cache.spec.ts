// Settings -> DNS Records, the edge cache: a static file fetched twice through the edge is kept,
// the owner sees the cache's figures and purges it with the 'Purge cache' button, and the next
// request goes to the origin again.
import { createServer, request, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { freePort } from '../../helpers/pocketbase';
import { addSite, createUser, expectToast, proveDomain, signInBrowser } from './helpers';
import { closeServer } from '../../helpers/close-server';

let origin: Server;
let originUrl: string;

test.beforeAll(async () => {
  origin = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/css', 'Cache-Control': 'public, max-age=600' });
    res.end('h1{color:red}');
  });
  const port = await freePort();
  await new Promise<void>((r) => origin.listen(port, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await closeServer(origin);
});

/** The edge's X-Cache for a file of the host, or its status when it does not serve it (yet). */
function viaEdge(host: string, path: string): Promise<string> {
  const [hostname, port] = process.env.CRO_EDGE_HTTP!.split(':');
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port: Number(port), path, headers: { Host: host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? String(res.headers['x-cache']) : String(res.statusCode)));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the owner sees the edge cache and purges it', async ({ page }) => {
  const domain = `cache-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.edgetest`;
  const owner = await createUser();
  const site = await addSite(owner.pb, domain);
  await owner.pb.collection('sites').update(site.id, { edge_origin: originUrl });
  await proveDomain(owner.pb, site.id); // before that the edge routes none of its hosts
  // The edge learns the site a moment after the write; the first answer that arrives fills the cache.
  await expect.poll(() => viaEdge(domain, '/app.css'), { timeout: 10_000 }).toBe('HIT');

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'DNS Records' }).click();
  const cache = page.getByTestId('edge-cache');
  await expect(cache.getByTestId('edge-cache-figures')).toContainText('1 file cached');
  await expect(cache.getByTestId('edge-cache-figures')).toContainText('of requests answered from the cache (13 B)');
  await cache.getByRole('button', { name: 'Purge cache' }).click();
  await expectToast(page, 'Cache purged', '1 cached file dropped. Visitors now get fresh copies from your server.');
  await expect(cache.getByTestId('edge-cache-figures')).toContainText('0 files cached');
  expect(await viaEdge(domain, '/app.css')).toBe('MISS');
});
