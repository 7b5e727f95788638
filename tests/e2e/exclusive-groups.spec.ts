// Exclusive groups and the global holdout in Chromium, with the tracker build the server serves
// the site (the targeting build: the site has a group of two tests and a 10% holdout).
//
// 2,000 simulated visitors: the test fetches the served script (`/t/<key>.js`, config inlined)
// once and runs its text, unchanged, once per visitor id in a same-origin frame of the shop (the
// id written to localStorage first, where the tracker keeps it), then reads what the tracker did:
// the text of the two tests' elements and the rule's, and the exposures it recorded on the device
// (`cro_x<test id>`). What is simulated: the visitor is only an id; the page is the frame's
// document made anew each time, not a navigation; the tracker never reaches idle time, so it
// sends nothing. The decisions before paint are the served tracker's own. A second test visits
// the shop's real page as a held-out visitor and as one outside the holdout.
import { expect, test, type Browser } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { inRollout } from '../../src/lib/assignment';
import { siteHoldoutSeed } from '../../src/lib/exclusion-groups';
import { closeServer } from '../helpers/close-server';
import { BASE, createUser, signInBrowser, superuser } from './dashboard/helpers';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const BODY = '<h1 id="headline">Original headline</h1><p id="sub">Original subline</p><p id="promo">Original promo</p>';
const PAGE = (key: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title><script src="${BASE}/t/${key}.js"></script></head><body>${BODY}</body></html>`;

let shop: Server;
let port = 0;
let site: { id: string; domain: string; public_key: string };
let tests: { a: string; b: string };
let owner: Awaited<ReturnType<typeof createUser>>;

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const key = /\/k\/([a-z0-9]+)\//.exec(req.url ?? '')?.[1] ?? '';
    const html = req.url?.endsWith('/blank') ? '<!doctype html><body></body>' : PAGE(key);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  port = (shop.address() as { port: number }).port;

  owner = await createUser();
  const domain = `groups-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.localhost`;
  site = (await owner.pb.collection('sites').create({ user_id: owner.id, domain })) as unknown as typeof site;
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  const group = await owner.pb.collection('experiment_groups').create({ site_id: site.id, name: 'Above the fold' });
  const create = (name: string, selector: string) =>
    owner.pb.collection('experiments').create({
      site_id: site.id,
      name,
      selector,
      traffic: 50,
      exclusion_group: group.id,
      primary_goal: 'revenue',
      status: 'running',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: `${name} variant` }] },
      ],
    });
  tests = { a: (await create('Headline', '#headline')).id, b: (await create('Subline', '#sub')).id };
  await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Promo for everyone',
    rule_type: 'cta_text',
    selector: '#promo',
    changes: [{ type: 'set_text', value: 'Free shipping today' }],
    enabled: true,
    rollout_percentage: 100,
  });
  await owner.pb.collection('sites').update(site.id, { holdout_percentage: 10 });
});
test.afterAll(() => closeServer(shop));

async function visitorContext(browser: Browser) {
  const ctx = await browser.newContext({ userAgent: CHROME_UA });
  // The tracker leaves automated browsers alone; these visitors are people.
  await ctx.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }));
  return ctx;
}

const held = (visitor: string) => inRollout(visitor, siteHoldoutSeed(site.id), 10);

test('two tests in one exclusive group never share a visitor over 2,000 simulated visitors', async ({ browser }) => {
  const script = await (await fetch(`${BASE}/t/${site.public_key}.js`)).text();
  expect(script).toContain('"g":{'); // the tests' ranges of their group
  expect(script).toContain(`"ho":["${siteHoldoutSeed(site.id)}",10]`);
  const ctx = await visitorContext(browser);
  const page = await ctx.newPage();
  // A blank page of the shop's origin hosts the visitors' frames (their storage is the origin's).
  await page.goto(`http://${site.domain}:${port}/k/${site.public_key}/blank`);
  const ids = Array.from({ length: 2000 }, (_, i) => `sim${i}v${site.id}`);
  const seen = await page.evaluate(
    ({ ids, body, script, a, b }) => {
      // One about:blank frame of this origin hosts the runs (a new frame per visitor costs more
      // than the tracker itself). Each run starts like a fresh page: the previous run's observers
      // are disconnected, its global removed and the elements made anew. The simulated visitor
      // never reaches idle time nor leaves, so the tracker's measuring half (batches, page exit)
      // never starts; what runs is the part that decides before paint.
      const frame = document.createElement('iframe');
      document.body.appendChild(frame);
      const w = frame.contentWindow as Window & typeof globalThis & { cro?: unknown };
      // The context's init script already makes these visitors people (not automated browsers).
      if (w.navigator.webdriver) throw new Error('the frame is an automated browser: the tracker would stay off');
      w.requestIdleCallback = () => 0;
      const listen = w.addEventListener.bind(w);
      w.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
        if (type !== 'pagehide' && type !== 'visibilitychange') listen(type, listener, options);
      };
      const observers: MutationObserver[] = [];
      const Observer = w.MutationObserver;
      w.MutationObserver = class extends Observer {
        constructor(callback: MutationCallback) {
          super(callback);
          observers.push(this);
        }
      };
      const out: { id: string; a: string; b: string; headline: string; sub: string; promo: string }[] = [];
      for (const id of ids) {
        observers.splice(0).forEach((o) => o.disconnect());
        delete w.cro;
        localStorage.clear();
        localStorage.setItem('cro_v', id);
        w.document.body.innerHTML = body;
        w.Function(script)();
        const d = w.document;
        out.push({
          id,
          a: localStorage.getItem('cro_x' + a) ?? '',
          b: localStorage.getItem('cro_x' + b) ?? '',
          headline: d.getElementById('headline')!.textContent!,
          sub: d.getElementById('sub')!.textContent!,
          promo: d.getElementById('promo')!.textContent!,
        });
      }
      frame.remove();
      return out;
    },
    // The page's script tag as a site has it (inert when inserted as HTML): the tracker finds its
    // server there; the text it runs is the one the test fetched from that address.
    { ids, body: `${BODY}<script src="${BASE}/t/${site.public_key}.js"></script>`, script, a: tests.a, b: tests.b },
  );
  await ctx.close();

  expect(seen.length).toBe(2000);
  const inA = seen.filter((v) => v.a);
  const inB = seen.filter((v) => v.b);
  // Never both; everyone outside the holdout is in exactly one of them, in the variant it recorded.
  expect(seen.filter((v) => v.a && v.b)).toEqual([]);
  for (const v of seen) {
    if (held(v.id)) {
      expect(v).toEqual({ id: v.id, a: '', b: '', headline: 'Original headline', sub: 'Original subline', promo: 'Original promo' });
      continue;
    }
    expect(Boolean(v.a) !== Boolean(v.b)).toBe(true);
    expect(v.promo).toBe('Free shipping today');
    expect(v.headline).toBe(v.a === v.id + 'b' ? 'Headline variant' : 'Original headline');
    expect(v.sub).toBe(v.b === v.id + 'b' ? 'Subline variant' : 'Original subline');
  }
  const heldOut = seen.filter((v) => held(v.id)).length;
  expect(heldOut).toBeGreaterThan(120); // about 10% of 2,000
  expect(heldOut).toBeLessThan(280);
  expect(inA.length + inB.length).toBe(2000 - heldOut);
  expect(inA.length).toBeGreaterThan(750); // each test holds half of the group
  expect(inB.length).toBeGreaterThan(750);
});

test('a visitor in the global holdout sees no change and is still tracked', async ({ browser, page }) => {
  const candidates = Array.from({ length: 200 }, (_, i) => `real${i}v${Date.now().toString(36)}`);
  const holdout = candidates.find(held)!;
  const other = candidates.find((v) => !held(v))!;
  const visit = async (visitor: string) => {
    const ctx = await visitorContext(browser);
    await ctx.addInitScript((v) => localStorage.getItem('cro_v') || localStorage.setItem('cro_v', v), visitor);
    const page = await ctx.newPage();
    await page.goto(`http://${site.domain}:${port}/k/${site.public_key}/home`);
    await page.waitForFunction(() => (window as unknown as { cro?: { l?: number } }).cro?.l === 1);
    return { ctx, page };
  };
  const shown = await visit(other);
  await expect(shown.page.locator('#promo')).toHaveText('Free shipping today');
  const h = await visit(holdout);
  await h.page.waitForLoadState('load');
  await expect(h.page.locator('body')).toHaveText(/Original headline\s*Original subline\s*Original promo/);
  expect(await h.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('cro_x')))).toEqual([]);
  // Still tracked: its page view arrives, so it can be compared with everyone else.
  const admin = await superuser();
  await expect
    .poll(
      async () => (await admin.collection('sessions').getFullList({ filter: `site_id = "${site.id}" && visitor = "${holdout}"` })).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(1);
  await shown.ctx.close();
  await h.ctx.close();
  // The Overview's Program impact says what it has: the holdout, and too few visitors to judge.
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');
  const card = page.getByTestId('program-impact');
  await expect(card).toContainText('10% of visitors are held out since');
  await expect(card).toContainText('Not enough data yet: the holdout and everyone else each need at least 100 visitors.');
  await expect(card.getByTestId('impact-conversion')).toHaveText('not enough data');
});
