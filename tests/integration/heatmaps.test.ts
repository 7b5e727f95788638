/**
 * Heatmaps on the server, over HTTP: clicks and leaves posted to the collect endpoint come back
 * per element, offset bin and device class, with rage and dead clicks and the scroll map; the
 * page's rendering is fetched from the site through the guarded fetcher, without its scripts, at a
 * signed address; members only (every role reads), on the Growth plan or higher; bad parameters
 * get a clear 400.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { clickMapRangeRefusal, upgradeMessage } from '../../src/lib/plans';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember, refusal } from '../helpers/site-access';
import { batch, makeSite, post } from './analytics/helpers';
import { closeServer } from '../helpers/close-server';

const DOMAIN = 'heatmap-fixture.test';
const PRICING = `<!doctype html><html><head><title>Pricing</title><script>document.title = 'ran'</script>
<link rel="stylesheet" href="/site.css"></head><body onload="alert(1)"><h1 class="title">Plans</h1>
<button id="buy" onclick="buy()">Buy</button></body></html>`;

let fixture: Server;
let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let site: RecordModel;
let fetches = 0;

const heat = (user: TestUser | null, route: string) =>
  (user?.client ?? server.anonymous()).send(`/api/cro/heatmaps/${site.id}/${route}`, { requestKey: null });

beforeAll(async () => {
  fixture = createServer((req, res) => {
    fetches++;
    if (req.url !== '/pricing') return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PRICING);
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  const address = fixture.address();
  const hostPort = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  server = await startPocketBase({ env: { CRO_SCAN_ALLOW_HOSTS: hostPort, CRO_SCAN_RESOLVE: `${DOMAIN}=${hostPort}` } });
  [owner, admin, editor, viewer, stranger] = await Promise.all([
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
  ]);
  site = await makeSite(owner, DOMAIN);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await addMember(server, site.id, admin, 'admin');
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, viewer, 'viewer');

  // A desktop visitor rage-clicks Buy (3 clicks within a second) and clicks the headline, which
  // leads nowhere; a mobile-width visitor clicks Buy once and leaves at 40% scroll.
  const t = Date.now() - 60_000;
  const click = (sel: string, ts: number, ox: number, oy: number, vw: number) => ({
    t: 'ck',
    ts,
    p: '/pricing',
    sel,
    x: 5,
    y: 5,
    ox,
    oy,
    vw,
  });
  const origin = `https://${DOMAIN}`;
  for (const body of [
    batch(site.public_key, [
      { t: 'pv', ts: t, p: '/pricing' },
      click('button#buy', t + 1000, 0.5, 0.5, 1280),
      click('button#buy', t + 1300, 0.5, 0.5, 1280),
      click('button#buy', t + 1600, 0.5, 0.5, 1280),
      click('h1.title', t + 3000, 0.1, 0.2, 1280),
      { t: 'lv', ts: t + 9000, p: '/pricing', d: 9000, sc: 100, vw: 1280 },
    ]),
    batch(site.public_key, [
      { t: 'pv', ts: t, p: '/pricing' },
      click('button#buy', t + 2000, 0.9, 0.1, 390),
      { t: 'lv', ts: t + 5000, p: '/pricing', d: 5000, sc: 40, vw: 390 },
    ]),
  ]) {
    expect((await post(server, body, { origin })).status).toBe(202);
  }
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await closeServer(fixture);
});

describe('click maps', () => {
  it('count each element’s clicks, rage and dead clicks and offset bins for the chosen device class', async () => {
    const desktop = await heat(viewer, 'clicks?path=%2Fpricing&device=desktop');
    expect(desktop).toEqual({
      clicks: 4,
      elements: [
        { selector: 'button#buy', text: '', clicks: 3, share: 0.75, rageClicks: 1, deadClicks: 0 },
        { selector: 'h1.title', text: '', clicks: 1, share: 0.25, rageClicks: 0, deadClicks: 1 },
      ],
      bins: [
        { selector: 'button#buy', x: 0.525, y: 0.525, clicks: 3 },
        { selector: 'h1.title', x: 0.125, y: 0.225, clicks: 1 },
      ],
    });
    const mobile = await heat(owner, 'clicks?path=%2Fpricing&device=mobile');
    expect(mobile.elements).toEqual([{ selector: 'button#buy', text: '', clicks: 1, share: 1, rageClicks: 0, deadClicks: 0 }]);
    expect(mobile.bins).toEqual([{ selector: 'button#buy', x: 0.925, y: 0.125, clicks: 1 }]);
    expect(await heat(owner, 'clicks?path=%2Fpricing&device=tablet')).toEqual({ clicks: 0, elements: [], bins: [] });
  });

  it('the scroll map gives the share of page views reaching each tenth', async () => {
    const desktop = await heat(editor, 'scroll?path=%2Fpricing&device=desktop');
    expect(desktop.pageViews).toBe(1);
    expect(desktop.bands.map((b: { share: number }) => b.share)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const mobile = await heat(admin, 'scroll?path=%2Fpricing&device=mobile&days=7');
    expect(mobile.bands.map((b: { depth: number; pageViews: number }) => [b.depth, b.pageViews])).toEqual([
      [10, 1],
      [20, 1],
      [30, 1],
      [40, 1],
      [50, 0],
      [60, 0],
      [70, 0],
      [80, 0],
      [90, 0],
      [100, 0],
    ]);
  });

  it('the page picker lists the site’s pages, most viewed first', async () => {
    expect((await heat(viewer, 'pages')).pages).toEqual([{ path: '/pricing', pageviews: 2 }]);
  });

  it('bad parameters get a clear 400', async () => {
    for (const [route, message] of [
      ['clicks', 'The page path must start with / (at most 300 characters).'],
      ['clicks?path=pricing', 'The page path must start with / (at most 300 characters).'],
      ['clicks?path=%2F&device=watch', 'The device must be desktop, tablet or mobile.'],
      ['scroll?path=%2F&days=0', 'Days must be a whole number from 1 to 90.'],
      ['scroll?path=%2F&days=91', 'Days must be a whole number from 1 to 90.'],
      ['pages?days=x', 'Days must be a whole number from 1 to 90.'],
      ['render?path=', 'The page path must start with / (at most 300 characters).'],
    ]) {
      expect(await refusal(heat(owner, route!)), route).toEqual({ status: 400, message });
    }
  });
});

describe('who may see heatmaps', () => {
  it('every member reads; strangers get the 404 of a missing site, anonymous callers 401', async () => {
    for (const user of [owner, admin, editor, viewer]) {
      for (const route of ['pages', 'clicks?path=%2Fpricing', 'scroll?path=%2Fpricing', 'render?path=%2Fpricing']) {
        expect(await refusal(heat(user, route))).toBe('accepted');
      }
    }
    for (const route of ['pages', 'clicks?path=%2Fpricing', 'scroll?path=%2Fpricing', 'render?path=%2Fpricing']) {
      expect(await refusal(heat(stranger, route))).toEqual({ status: 404, message: 'Site not found.' });
      expect(await refusal(heat(null, route))).toEqual({ status: 401, message: 'Sign in to view heatmaps.' });
    }
  });

  it('free is refused; starter gets click maps of 30 days (no scroll map, no more days); growth and enterprise get everything', async () => {
    const clicks = ['pages', 'clicks?path=%2Fpricing', 'render?path=%2Fpricing'];
    const longer = ['pages?days=31', 'clicks?path=%2Fpricing&days=90'];
    const scroll = 'scroll?path=%2Fpricing';
    const cases = {
      free: { clicks: upgradeMessage('click_maps'), longer: upgradeMessage('click_maps'), scroll: upgradeMessage('click_maps') },
      starter: { clicks: null, longer: clickMapRangeRefusal(), scroll: upgradeMessage('recordings') },
      growth: { clicks: null, longer: null, scroll: null },
      enterprise: { clicks: null, longer: null, scroll: null },
    };
    const answer = (message: string | null) => (message === null ? 'accepted' : { status: 403, message });
    for (const [tier, want] of Object.entries(cases)) {
      await server.admin.collection('sites').update(site.id, { plan_tier: tier });
      for (const route of clicks) expect(await refusal(heat(viewer, route)), `${tier} ${route}`).toEqual(answer(want.clicks));
      for (const route of longer) expect(await refusal(heat(viewer, route)), `${tier} ${route}`).toEqual(answer(want.longer));
      expect(await refusal(heat(viewer, scroll)), `${tier} scroll`).toEqual(answer(want.scroll));
    }
    await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  });
});

describe('the page rendering', () => {
  it('is the site’s page without scripts or handlers, with its base, at a signed address, fetched once for a few minutes', async () => {
    const { url } = await heat(viewer, 'render?path=%2Fpricing');
    expect(url).toMatch(new RegExp(`^/api/cro/heatmap-render/${site.id}\\?`));
    const before = fetches;
    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await res.text();
    expect(html).toContain(`<base href="http://${DOMAIN}/pricing"/>`); // https failed, http answered
    expect(html).toContain('<h1 class="title">Plans</h1>');
    expect(html).toContain('<button id="buy">Buy</button>');
    expect(html).not.toMatch(/script|onload|onclick|alert/i);
    expect((await fetch(server.url + url)).status).toBe(200);
    expect(fetches - before).toBe(1); // the second answer came from the cache

    const forged = url.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`);
    expect((await fetch(server.url + forged)).status).toBe(403);
    const otherPath = url.replace('path=%2Fpricing', 'path=%2Fadmin');
    expect((await fetch(server.url + otherPath)).status).toBe(403);
    const expired = url.replace(/exp=\d+/, 'exp=1000');
    expect((await fetch(server.url + expired)).status).toBe(403);
  });

  it('a page the site does not serve is a 502 with the reason', async () => {
    const { url } = await heat(owner, 'render?path=%2Fgone');
    const res = await fetch(server.url + url);
    expect(res.status).toBe(502);
    expect((await res.json()).message).toMatch(/^Could not load the page from your site: /);
  });
});
