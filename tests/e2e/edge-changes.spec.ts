// A DNS-connected site's rule applied by the edge in the HTML: the first response already carries
// the change and the visitor cookie, the tracker takes the edge's id, does not apply the change a
// second time (a MutationObserver installed before the page sees the headline only as changed),
// and the visit and the rule's exposure are each counted once.
import { createServer, get, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/pocketbase';
import { BASE, createUser, proveDomain, superuser } from './dashboard/helpers';
import { visitorBrowser, leave } from './visitors';
import { closeServer } from '../helpers/close-server';

const EDGE = process.env.CRO_EDGE_HTTP;

const visitor = visitorBrowser([`--host-resolver-rules=MAP *.edgetest ${EDGE}`]);

const PAGE =
  '<!doctype html><html><head><title>Edge shop</title></head><body>' +
  '<h1 id="headline">Summer sale</h1><p>Everything must go.</p><a href="/cart">Cart</a></body></html>';

let origin: Server;
let originUrl: string;

// The page as the edge serves it to a new visitor, asked from here (not through the browser, so
// no tracker runs and nothing is counted).
const throughEdge = (host: string) =>
  new Promise<string>((resolve, reject) => {
    const [hostname, port] = EDGE!.split(':');
    get({ hostname, port: Number(port), path: '/', headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });

test.beforeAll(async () => {
  origin = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    // Two chunks, the headline split between them, as a streaming origin sends it.
    const cut = PAGE.indexOf('Summer') + 3;
    res.write(PAGE.slice(0, cut));
    setTimeout(() => res.end(PAGE.slice(cut)), 150);
  });
  const port = await freePort();
  await new Promise<void>((r) => origin.listen(port, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await closeServer(origin);
});

test('the edge applies a rule in the first HTML, the tracker leaves it as it is, and the visit and exposure count once', async () => {
  expect(EDGE, 'the DNS stand-in starts the server with an edge').toBeTruthy();
  const domain = `ssr-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.edgetest`;
  const { pb } = await createUser();
  const site = await pb.collection('sites').create({ user_id: pb.authStore.record!.id, domain });
  await pb.collection('sites').update(site.id, { edge_origin: originUrl });
  await proveDomain(pb, site.id); // before that the edge routes none of its hosts
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth', health_status: 'healthy' }); // rules need a paid plan
  const rule = await pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Winter headline',
    rule_type: 'cta_text',
    url_pattern: '/',
    selector: '#headline',
    changes: [
      { type: 'set_text', value: 'Winter sale' },
      { type: 'set_style', name: 'color', value: 'rgb(1, 2, 3)' },
    ],
    enabled: true,
    rollout_percentage: 100,
  });

  const ctx = await visitor();
  // Every change to the headline from the moment the parser creates it: the parser's own insertion
  // of its text, and anything a script does after.
  await ctx.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headlineMutations: string[] }).headlineMutations = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const h1 = (r.target as Element).closest?.('#headline') ?? (r.target.parentElement?.closest('#headline') || null);
        if (!h1) continue;
        if (r.type === 'attributes') seen.push(`attribute ${r.attributeName}`);
        else if (r.type === 'characterData') seen.push(`text ${r.target.textContent}`);
        else {
          r.addedNodes.forEach((n) => n.nodeType === 3 && seen.push(`added ${n.textContent}`));
          r.removedNodes.forEach((n) => seen.push(`removed ${n.textContent}`));
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const page = await ctx.newPage();
  // The edge learns the new site and its rule a moment after the writes.
  await expect.poll(() => throughEdge(domain), { timeout: 15_000 }).toContain('>Winter sale</h1>');

  const tracker = page.waitForResponse(`${BASE}/t/${site.public_key}.js`);
  const res = (await page.goto(`http://${domain}/`))!;
  const html = await res.text();
  expect(html).toContain(`<h1 id="headline" style="color: rgb(1, 2, 3)" data-cro-on="${rule.id}">Winter sale</h1>`);
  expect(html).not.toContain('Summer sale');
  const cookie = /^cro_v=([a-z0-9]+); Path=\/; Max-Age=31536000; SameSite=Lax$/.exec((await res.headerValue('set-cookie')) ?? '');
  expect(cookie, 'the edge gives a new visitor an id cookie').not.toBeNull();
  const visitorId = cookie![1]!;

  expect((await tracker).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Winter sale' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Winter sale' })).toHaveCSS('color', 'rgb(1, 2, 3)');
  // The tracker ran (its global's `l`: the loader's stub is a function too) and took the edge's id as its own.
  await expect.poll(() => page.evaluate(() => (window as { cro?: { l?: number } }).cro?.l)).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('cro_v'))).toBe(visitorId);
  await page.waitForLoadState('load');
  // The headline's text arrived once, changed, and no script touched its text or style since.
  const mutations = (await page.evaluate(() => (window as unknown as { headlineMutations: string[] }).headlineMutations)).filter(
    (m) => m !== 'attribute data-cro-on', // the engine shows what it held; the marker goes once shown
  );
  // (The parser may insert the headline with its text, or the text after it.)
  expect(mutations.filter((m) => m !== 'added Winter sale')).toEqual([]);
  expect(mutations.length).toBeLessThanOrEqual(1);
  await leave(ctx); // page hide flushes the tracker's batch

  const count = async (type: string) =>
    (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "${type}"` })).map(
      (e) => `${e.visitor}:${e.rule ?? ''}`,
    );
  await expect.poll(() => count('exposure'), { timeout: 15_000 }).toEqual([`${visitorId}:${rule.id}`]);
  await expect.poll(() => count('pageview'), { timeout: 15_000 }).toEqual([`${visitorId}:`]);
});
