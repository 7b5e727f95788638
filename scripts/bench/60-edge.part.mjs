// The edge's added latency and throughput: the same ~40 KB shop page is fetched from its origin
// directly and through the edge (host name routing, the snippet streamed into <head>, gzip for the
// visitor, as a browser asks), one request at a time, interleaved; the difference of the
// percentiles is what the edge adds. Budget: p50 <= 5 ms, p99 <= 20 ms. Then CRO_BENCH_EDGE_CLIENTS
// (default 16) clients request through the edge for CRO_BENCH_EDGE_SECONDS (default 5): proxied
// requests per second. CRO_BENCH_EDGE_RUNS (default 400) requests each way for the latency. The
// latency is measured again with three rules applied in the HTML for new visitors (edge_rules_*).
// Last, the cache: 8 visitors each browse 5 pages of the shop (every page is its HTML, the shared
// stylesheet and script and 4 product images, served with Cache-Control: public, max-age=3600);
// the share of those requests the edge answered from its cache (X-Cache: HIT), and the latency of
// a cached asset against the same asset fetched from the origin directly.
// Over HTTPS (edge_https_*): the same page through the edge's TLS listener on one HTTP/2 session, as
// a browser keeps it, with a certificate the edge obtained from pebble (the ACME test CA, which
// resolves the name at the install's own DNS); against the same direct plain-HTTP origin requests,
// so the figure includes what TLS and HTTP/2 framing cost the edge, not the handshake.
import { Agent, createServer, request } from 'node:http';
import { connect as connectH2 } from 'node:http2';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { envNumber, percentile, ROOT, round, setup, siteFor, startServer } from './lib.mjs';

const DOMAIN = 'edge-bench.test';
const products = Array.from(
  { length: 120 },
  (_, i) => `<li class="product"><a href="/p/${i}">Product ${i}</a> <span>${i + 9}.99</span></li>`,
);
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Bench shop</title><link rel="stylesheet" href="/app.css"></head><body><h1>Shop</h1><ul>${products.join('').repeat(4)}</ul></body></html>`;

const freePort = async () => (await import('../../tests/helpers/pocketbase.ts')).freePort();

/**
 * The tests' pebble and DNS stand-in helpers, bundled with esbuild: they import each other without
 * the .ts extension, which Node's own type stripping does not resolve.
 */
async function testHelpers() {
  const dir = mkdtempSync(join(tmpdir(), 'edge-bench-'));
  try {
    const helpers = resolve(ROOT, 'tests/helpers');
    const out = join(dir, 'helpers.mjs');
    await build({
      stdin: {
        contents:
          "export { startPebble } from './pebble.ts'; export { startDnsServer } from './dns-server.ts'; export { proveDomain } from './domain-proof.ts';",
        resolveDir: helpers,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      logLevel: 'error',
      // dns2 is CommonJS and requires Node's modules.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      define: { 'import.meta.dirname': JSON.stringify(helpers) }, // the helpers find .bin from their folder
    });
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds until the whole body has arrived over an HTTP/2 session. */
function timedH2(session, host, path = '/') {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = session.request({ ':path': path, ':authority': host, 'accept-encoding': 'gzip, deflate' });
    req.on('response', (h) => {
      if (h[':status'] !== 200) reject(new Error(`https://${host}${path} answered ${h[':status']}`));
    });
    req.on('data', () => {});
    req.on('end', () => resolve(performance.now() - t));
    req.on('error', reject);
    req.end();
  });
}

/** An HTTP/2 session to the edge's HTTPS port for host, trusting only the CA's root. */
function h2Session(port, host, ca) {
  return new Promise((resolve, reject) => {
    const session = connectH2(`https://127.0.0.1:${port}`, { ca, servername: host });
    session.once('error', reject);
    session.once('connect', () => {
      if (session.alpnProtocol !== 'h2') reject(new Error(`the edge spoke ${session.alpnProtocol}, not h2`));
      resolve(session);
    });
  });
}

const ASSET = 'x'.repeat(12_000);

/** Milliseconds until the whole body has arrived. */
async function timed(agent, port, host, path = '/') {
  return (await fetched(agent, port, host, path)).ms;
}

/** The answer's time to its last byte and its X-Cache. */
function fetched(agent, port, host, path) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { Host: host, 'Accept-Encoding': 'gzip, deflate' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${host}${path} answered ${res.statusCode}`));
      res.on('data', () => {});
      res.on('end', () => resolve({ ms: performance.now() - t, cache: res.headers['x-cache'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The page as the edge serves it, uncompressed. */
function body(port, host) {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', headers: { Host: host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
}
/** What a browser asks for one page of the shop: the page, then its stylesheet, script and images. */
const pageRequests = (page) => [
  page === 0 ? '/' : `/p/${page}`,
  '/app.css',
  '/app.js',
  ...Array.from({ length: 4 }, (_, k) => `/img/${page * 2 + k}.jpg`),
];

export default async function edgeBench(emit) {
  setup();
  const origin = createServer((req, res) => {
    const type = { css: 'text/css', js: 'application/javascript', jpg: 'image/jpeg' }[req.url.split('.').pop()];
    if (type) {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
      res.end(ASSET);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  const originPort = await freePort();
  await new Promise((r) => origin.listen(originPort, '127.0.0.1', r));
  const edgePort = await freePort();
  const edgeTlsPort = await freePort();
  const dns = `127.0.0.1:${await freePort()}`;
  const { startDnsServer, startPebble, proveDomain } = await testHelpers();
  const upstream = await startDnsServer(); // the "current nameservers" the importer asks: nothing leaves the machine
  const pebble = await startPebble({ dnsServer: dns, httpPort: edgePort, tlsPort: edgeTlsPort });
  const server = await startServer({
    ...pebble.env,
    CRO_EDGE_HTTP: `127.0.0.1:${edgePort}`,
    CRO_EDGE_HTTPS: `127.0.0.1:${edgeTlsPort}`,
    CRO_EDGE_ALLOW_PRIVATE: '1',
    CRO_DNS_RESOLVER: upstream.address,
    CRO_DNS_LISTEN: dns,
    CRO_NAMESERVERS: 'ns1.edge-bench-cro.test,ns2.edge-bench-cro.test',
    CRO_EDGE_ADDRESSES: '127.0.0.1',
  });
  try {
    const { owner, site } = await siteFor(server, DOMAIN);
    await owner.client.collection('sites').update(site.id, { edge_origin: `http://127.0.0.1:${originPort}` });
    await proveDomain(upstream, owner.client, site.id); // the edge routes only a domain its site proved control of
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    for (let tries = 0; ; tries++) {
      try {
        await timed(agent, edgePort, DOMAIN);
        break;
      } catch (err) {
        if (tries > 50) throw err; // the edge reloads its hosts just after the write
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (let i = 0; i < 50; i++) {
      await timed(agent, originPort, DOMAIN);
      await timed(agent, edgePort, DOMAIN);
    }
    const runs = envNumber('CRO_BENCH_EDGE_RUNS', 400);
    const added = async (prefix, what, throughEdge = () => timed(agent, edgePort, DOMAIN)) => {
      const direct = [];
      const proxied = [];
      for (let i = 0; i < runs; i++) {
        direct.push(await timed(agent, originPort, DOMAIN));
        proxied.push(await throughEdge());
      }
      direct.sort((a, b) => a - b);
      proxied.sort((a, b) => a - b);
      const added50 = percentile(proxied, 50) - percentile(direct, 50);
      const added99 = percentile(proxied, 99) - percentile(direct, 99);
      emit(`${prefix}_direct_p50`, round(percentile(direct, 50)), 'ms');
      emit(`${prefix}_proxied_p50`, round(percentile(proxied, 50)), 'ms');
      emit(`${prefix}_added_latency_p50`, round(added50), 'ms');
      emit(`${prefix}_added_latency_p99`, round(added99), 'ms');
      if (added50 > 5 || added99 > 20)
        console.error(`bench: the edge adds p50 ${round(added50)} ms, p99 ${round(added99)} ms ${what} (budget 5 / 20 ms)`);
    };
    await added('edge', 'with the snippet only');

    // The same page with rules applied in the HTML for each (new) visitor: one for everyone, one
    // rolled out to half, on elements far down the page; every request is a new visitor (no cookie).
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth', health_status: 'healthy' });
    const rule = (name, selector, changes, rollout) =>
      owner.client.collection('optimization_rules').create({
        site_id: site.id,
        name,
        rule_type: 'cta_text',
        url_pattern: '*',
        selector,
        changes,
        enabled: true,
        rollout_percentage: rollout,
      });
    const rules = [];
    rules.push(await rule('Headline', 'h1', [{ type: 'set_text', value: 'Summer shop' }], 100));
    rules.push(await rule('Price', 'ul > li.product:nth-child(400) span', [{ type: 'set_style', name: 'color', value: 'red' }], 50));
    rules.push(await rule('Badge', 'li.product a[href="/p/7"]', [{ type: 'set_attribute', name: 'title', value: 'Best seller' }], 100));
    for (let tries = 0; !(await body(edgePort, DOMAIN)).includes('>Summer shop</h1>'); tries++) {
      if (tries > 50) throw new Error('the rules never reached the edge');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 50; i++) await timed(agent, edgePort, DOMAIN);
    await added('edge_rules', 'with rules applied');

    const seconds = envNumber('CRO_BENCH_EDGE_SECONDS', 5);
    const clients = envNumber('CRO_BENCH_EDGE_CLIENTS', 16);
    const until = performance.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          await timed(agent, edgePort, DOMAIN);
          done++;
        }
      }),
    );
    emit('edge_proxied_requests_per_second', round(done / seconds, 0), 'req/s');

    let requests = 0;
    let hits = 0;
    for (let visitor = 0; visitor < 8; visitor++) {
      for (let page = 0; page < 5; page++) {
        for (const path of pageRequests(page)) {
          const { cache } = await fetched(agent, edgePort, DOMAIN, path);
          requests++;
          if (cache === 'HIT') hits++;
        }
      }
    }
    emit('edge_cache_hit_ratio', round((hits / requests) * 100, 1), '%');
    const cachedDirect = [];
    const cachedEdge = [];
    for (let i = 0; i < runs; i++) {
      cachedDirect.push(await timed(agent, originPort, DOMAIN, '/app.css'));
      cachedEdge.push(await timed(agent, edgePort, DOMAIN, '/app.css'));
    }
    cachedDirect.sort((a, b) => a - b);
    cachedEdge.sort((a, b) => a - b);
    emit('edge_cached_asset_p50', round(percentile(cachedEdge, 50)), 'ms');
    emit('edge_cached_asset_p99', round(percentile(cachedEdge, 99)), 'ms');
    emit('edge_asset_direct_p50', round(percentile(cachedDirect, 50)), 'ms');

    // Over HTTPS, last: once the host has a certificate the edge sends plain HTTP to HTTPS. The
    // first handshake has the edge get the certificate from pebble. The rules are turned off so
    // the page is the one edge_added_latency measured (snippet only).
    for (const r of rules) await owner.client.collection('optimization_rules').update(r.id, { enabled: false });
    for (let tries = 0; (await body(edgePort, DOMAIN)).includes('>Summer shop</h1>'); tries++) {
      if (tries > 50) throw new Error('the rules never left the edge');
      await new Promise((r) => setTimeout(r, 100));
    }
    let session;
    for (let tries = 0; !session; tries++) {
      session = await h2Session(edgeTlsPort, DOMAIN, pebble.root).catch((err) => {
        if (tries > 100) throw err;
        return new Promise((r) => setTimeout(r, 200));
      });
    }
    for (let i = 0; i < 50; i++) await timedH2(session, DOMAIN);
    await added('edge_https', 'over HTTPS (HTTP/2)', () => timedH2(session, DOMAIN));
    session.close();
    agent.destroy();
  } finally {
    await server.stop();
    await pebble.stop();
    await upstream.stop();
    await new Promise((r) => origin.close(r));
  }
}
