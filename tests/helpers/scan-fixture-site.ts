/**
 * A local fixture website for scan tests: serves tests/fixtures/scan/<name>.html at /<name>/ (each
 * page a site of its own: the loopback address has no home page), the
 * shop's listing and product pages at /collections/<x> and /products/<x> (quality set pages),
 * sized stylesheets and scripts under /assets/, and the pages that must fail (a redirect to a
 * private address, JSON, an oversized page, a 404). Binds 127.0.0.1 only.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { closeServer } from './close-server';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/scan');
export const FIXTURE_PAGES = ['weak-landing', 'strong-landing', 'shop', 'local-business', 'b2b', 'scripted'] as const;

export interface FixtureSite {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** 127.0.0.1:PORT, the value for CRO_SCAN_ALLOW_HOSTS. */
  hostPort: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
  stop(): Promise<void>;
}

export async function startFixtureSite(port = 0): Promise<FixtureSite> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = /^\/([a-z0-9-]+)\/?$/.exec(path)?.[1];
    if (page && (FIXTURE_PAGES as readonly string[]).includes(page)) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(readFileSync(resolve(FIXTURES, `${page}.html`)));
      return;
    }
    // The named sites' home pages (the signed-in scan's): shop-fixture.test's shop, and maker-fixture.test's
    // maker page that says little of the shop its links lead to. The fixture pages at the loopback
    // address are each a site of their own, so that address has no home page a scan would read for them.
    const host = req.headers.host ?? '';
    if (path === '/' && !host.startsWith('127.0.0.1')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(readFileSync(resolve(FIXTURES, host.startsWith('maker-fixture.test') ? 'maker-home.html' : 'shop.html')));
      return;
    }
    // The shop's other pages, for the signed-in scan that follows the home page's links, and a contact page.
    const other = /^\/collections\/[a-z-]+$/.test(path)
      ? 'shop-category'
      : /^\/products\/[a-z-]+$/.test(path)
        ? 'shop-product'
        : path === '/contact'
          ? 'contact-page'
          : null;
    if (other) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(readFileSync(resolve(FIXTURES, 'quality', `${other}.html`)));
      return;
    }
    if (path === '/assets/headline.js') {
      // The scripted page's content, for the scan that renders before judging.
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(
        'document.getElementById(\'app\').innerHTML = \'<h1>Stoneware mugs thrown by hand in Fernhill</h1><a class="btn" href="/shop">Shop the mugs</a>\';',
      );
      return;
    }
    if (path.startsWith('/assets/') || path.startsWith('/js/') || path.startsWith('/css/')) {
      const size = path.includes('jquery') || path.includes('vendor') ? 300_000 : 20_000;
      res.writeHead(200, { 'Content-Type': path.endsWith('.css') ? 'text/css' : 'text/javascript', 'Content-Length': String(size) });
      res.end(req.method === 'HEAD' ? undefined : 'x'.repeat(size));
      return;
    }
    if (path === '/to-private') return void res.writeHead(302, { Location: 'http://10.0.0.1/' }).end();
    if (path === '/to-metadata') return void res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/to-localhost') return void res.writeHead(302, { Location: 'http://localhost/admin' }).end();
    if (path === '/to-shop') return void res.writeHead(302, { Location: '/shop/' }).end();
    if (path === '/data.json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    if (path === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<html><body>${'<p>filler</p>'.repeat(250_000)}</body></html>`);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    hostPort: `127.0.0.1:${bound}`,
    hits,
    stop: () => closeServer(server),
  };
}
