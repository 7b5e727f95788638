// Changes aimed at elements that run, load or reveal (issue 30, finding 1): a rule that turns a
// page's ld+json or __NEXT_DATA__ data script into a script, points its stylesheet link at an outside
// host, or shows its password input in clear. The server refuses them on save (integration:
// change-sanitizer.test.ts); here each vector of the XSS corpus (`targeted` and `landing`) is a rule
// saved before that policy, written straight into the database as an older server would have
// stored it. Through the edge, the proxied HTML keeps those elements exactly as the origin sent
// them; in Chromium the tracker leaves them alone too and reports each rule as refused; no script
// of theirs runs and nothing is requested from the outside host. A rule on an ordinary element of
// the same pages is applied, so both are at work.
import { createServer, get, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/pocketbase';
import { closeServer } from '../helpers/close-server';
import { BASE, createUser, superuser } from './dashboard/helpers';
import { visitorBrowser } from './visitors';

interface Vector {
  name: string;
  page: string;
  selector: string;
  changes: object[];
}
const corpus = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/xss-vectors.json'), 'utf8')) as {
  targeted: Vector[];
  landing: Vector[];
};
const vectors = [...corpus.targeted, ...corpus.landing];

const EDGE = process.env.CRO_EDGE_HTTP;
const visitor = visitorBrowser([`--host-resolver-rules=MAP *.edgetest ${EDGE}`]);

// Page n holds vector n's element in a form, and a headline an ordinary rule changes.
const page = (n: number) =>
  '<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>' +
  '<script>window.__xss = 0; window.alert = window.confirm = window.prompt = function () { window.__xss++; };</script>' +
  `</head><body><h1 id="hero">Summer sale</h1><form id="f">${vectors[n]!.page}</form><p>Fine print</p></body></html>`;

let origin: Server;
let originUrl: string;

const throughEdge = (host: string, path: string) =>
  new Promise<string>((done, fail) => {
    const [hostname, port] = EDGE!.split(':');
    get({ hostname, port: Number(port), path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => done(body));
    }).on('error', fail);
  });

test.beforeAll(async () => {
  origin = createServer((req, res) => {
    const n = /^\/v(\d+)$/.exec(req.url ?? '');
    if (n) return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(Number(n[1])));
    if (req.url === '/site.css') return res.writeHead(200, { 'Content-Type': 'text/css' }).end('body{margin:0}');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><p>embed</p>');
  });
  const port = await freePort();
  await new Promise<void>((r) => origin.listen(port, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await closeServer(origin);
});

test(`the edge and the tracker leave the ${vectors.length} targeted elements alone, and the tracker reports each rule refused`, async () => {
  test.setTimeout(120_000);
  expect(EDGE, 'the DNS stand-in starts the server with an edge').toBeTruthy();
  const domain = `tgt-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.edgetest`;
  const { pb } = await createUser();
  const site = await pb.collection('sites').create({ user_id: pb.authStore.record!.id, domain });
  await pb.collection('sites').update(site.id, { edge_origin: originUrl });
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth', health_status: 'healthy' });
  const rule = (fields: object) =>
    pb
      .collection('optimization_rules')
      .create({ site_id: site.id, rule_type: 'custom', enabled: true, rollout_percentage: 100, ...fields });
  const control = await rule({
    name: 'Headline',
    url_pattern: '/*',
    selector: '#hero',
    changes: [{ type: 'set_text', value: 'Winter sale' }],
  });
  // Each vector: saved as something harmless, then rewritten in the database as an older server
  // stored it, past the hooks.
  const ids: string[] = [];
  for (const [n] of vectors.entries())
    ids.push((await rule({ name: `Vector ${n}`, url_pattern: `/v${n}`, selector: '#hero', changes: [{ type: 'hide' }] })).id);
  const db = new DatabaseSync(join(process.env.E2E_DATA_DIR!, 'data.db'), { timeout: 10_000 });
  try {
    const write = db.prepare('UPDATE optimization_rules SET selector = ?, changes = ? WHERE id = ?');
    for (const [n, v] of vectors.entries()) write.run(v.selector, JSON.stringify(v.changes), ids[n]!);
  } finally {
    db.close();
  }
  await admin.collection('sites').update(site.id, { health_status: 'healthy' }); // drops the cached config
  const stored = await admin.collection('optimization_rules').getOne(ids[0]!);
  expect(stored.selector).toBe(vectors[0]!.selector);

  // Through the edge: each element exactly as the origin sent it; the ordinary rule applied.
  await expect.poll(() => throughEdge(domain, '/v0'), { timeout: 15_000 }).toContain('>Winter sale</h1>');
  for (const [n, v] of vectors.entries()) {
    const html = await throughEdge(domain, `/v${n}`);
    expect(html, v.name).toContain(`<form id="f">${v.page}</form>`);
    expect(html, v.name).toContain(`data-cro-on="${control.id}"`);
    expect(html, v.name).not.toContain(ids[n]!);
  }

  // In Chromium, through the edge with its tracker: nothing runs, nothing leaves, nothing changes.
  const ctx = await visitor();
  const outside: string[] = [];
  const dialogs: string[] = [];
  await ctx.route(
    (url) => /^https?:$/.test(url.protocol) && url.hostname !== domain && !url.href.startsWith(BASE),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  const tab = await ctx.newPage();
  tab.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const [n, v] of vectors.entries()) {
    await tab.goto(`http://${domain}/v${n}`);
    await expect(tab.locator('#hero'), v.name).toHaveText('Winter sale');
    await expect.poll(() => tab.evaluate(() => typeof (window as { cro?: unknown }).cro), { message: v.name }).toBe('function');
    await tab.waitForLoadState('load');
    // The element as the page has it, against the same markup parsed where nothing runs.
    const [now, sent] = await tab.evaluate(
      ({ markup, selector }) => {
        const t = document.createElement('template');
        t.innerHTML = `<form>${markup}</form>`;
        const html = (el: Element | null | undefined) => (el ? el.outerHTML : 'missing');
        return [html(document.getElementById('f')!.querySelector(selector)), html(t.content.firstElementChild!.querySelector(selector))];
      },
      { markup: v.page, selector: v.selector },
    );
    expect(now, v.name).toBe(sent);
    expect(await tab.evaluate(() => (window as unknown as { __xss: number }).__xss), v.name).toBe(0);
  }
  await tab.goto('about:blank'); // leaving the last page flushes its batch, as each navigation did
  await ctx.close();
  expect(dialogs).toEqual([]);
  expect(outside).toEqual([]);

  // Each vector's rule reported as refused where it landed; the ordinary rule was not.
  const refused = async () =>
    new Set(
      (await admin.collection('events').getFullList({ filter: `site_id = "${site.id}" && type = "apply_error"` }))
        .filter((e) => String(e.name).startsWith('Refused: '))
        .map((e) => e.rule as string),
    );
  const names = (rules: Iterable<string>) => [...rules].map((id) => vectors[ids.indexOf(id)]!.name).sort();
  await expect.poll(async () => names(await refused()), { timeout: 15_000 }).toEqual(names(ids));
});
