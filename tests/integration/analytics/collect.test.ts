/**
 * The collect endpoint refuses anything malformed, oversized, from a foreign origin or for an
 * unknown site with a 4xx and stores nothing; a valid batch is stored with its session and rollups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { clickHouseStore, storedEvents } from '../../helpers/stored-events';
import { batch, countEvents, makeSite, post, rid } from './helpers';

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
const now = () => Date.now();
const pv = (p = '/') => ({ t: 'pv', ts: now(), p });

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COUNTRY_HEADER: 'X-Country' } });
  owner = await server.createUser();
  site = await makeSite(owner);
});
afterAll(async () => server?.stop());

describe('refused batches store nothing', () => {
  const cases: Array<[string, () => Promise<Response>, number]> = [
    ['malformed JSON', () => post(server, '{"k": "abc", "e": [', {}), 400],
    ['not an object', () => post(server, '[1,2,3]'), 400],
    ['empty body', () => post(server, ''), 400],
    ['unknown field', () => post(server, JSON.stringify({ k: site.public_key, v: rid('v'), s: rid('s'), e: [pv()], x: 1 })), 400],
    ['unknown event type', () => post(server, batch(site.public_key, [pv(), { t: 'zz', ts: now(), p: '/' }])), 400],
    ['path without slash', () => post(server, batch(site.public_key, [pv('home')])), 400],
    ['control characters', () => post(server, batch(site.public_key, [pv(), { t: 'er', ts: now(), p: '/', m: 'a\nb' }])), 400],
    [
      'too many events',
      () =>
        post(
          server,
          batch(
            site.public_key,
            Array.from({ length: 51 }, () => pv()),
          ),
        ),
      400,
    ],
    ['timestamp in the future', () => post(server, batch(site.public_key, [{ t: 'pv', ts: now() + 86_400_000, p: '/' }])), 400],
    ['scroll over 100', () => post(server, batch(site.public_key, [{ t: 'lv', ts: now(), p: '/', d: 10, sc: 101 }])), 400],
    ['bad visitor id', () => post(server, batch(site.public_key, [pv()], { v: 'x' })), 400],
    ['bad batch id', () => post(server, JSON.stringify({ k: site.public_key, v: rid('v'), s: rid('s'), b: 'b 1', e: [pv()] })), 400],
    ['oversized body', () => post(server, batch(site.public_key, [{ ...pv(), r: 'https://a.b/' + 'x'.repeat(40_000) }])), 413],
    ['unknown site key', () => post(server, batch('unknownkey1234567890abcd', [pv()])), 404],
    ['foreign origin', () => post(server, batch(site.public_key, [pv()]), { origin: 'https://evil.example.net' }), 403],
    ['look-alike origin', () => post(server, batch(site.public_key, [pv()]), { origin: 'https://notshop.example.com' }), 403],
    ['no origin', () => post(server, batch(site.public_key, [pv()]), { origin: null }), 403],
  ];
  for (const [name, send, status] of cases) {
    it(`${name} -> ${status}`, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(typeof body.message).toBe('string');
      expect(await countEvents(server, site.id)).toBe(0);
    });
  }

  it('robots are ignored', async () => {
    const res = await post(server, batch(site.public_key, [pv()]), { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(res.status).toBe(204);
    expect(await countEvents(server, site.id)).toBe(0);
  });
});

describe('accepted batches', () => {
  it('a batch sent again with its id (its first answer lost) is stored once, and the answer says so', async () => {
    const owner2 = await server.createUser();
    const other = await makeSite(owner2, 'twice.example.com');
    const body = JSON.stringify({ k: other.public_key, v: rid('visitor'), s: rid('session'), b: rid('batch'), e: [pv('/'), pv('/cart')] });
    const origin = { origin: 'https://twice.example.com' };
    const answers = await Promise.all([post(server, body, origin), post(server, body, origin)]); // a beacon overtaking a fetch
    const again = await post(server, body, origin); // a retry after a lost answer
    const replies = await Promise.all([...answers, again].map(async (r) => [r.status, await r.json()]));
    expect(replies.map(([status]) => status)).toEqual([202, 202, 202]);
    expect(replies.map(([, reply]) => reply).sort((a, b) => Number(!!a.duplicate) - Number(!!b.duplicate))).toEqual([
      { accepted: 2 },
      { accepted: 2, duplicate: true },
      { accepted: 2, duplicate: true },
    ]);
    expect(await countEvents(server, other.id)).toBe(2);
    const k = await owner2.client.send(`/api/cro/kpis/${other.id}`, { requestKey: null });
    expect(k.today).toMatchObject({ sessions: 1, pageviews: 2 });
  });

  it('stores events, the session and the daily rollup; no IP anywhere', async () => {
    const v = rid('visitor');
    const s = rid('session');
    // The click comes after the page view: taken before it, the click was a millisecond earlier
    // whenever the clock ticked between the two, and the session's earliest event (whose referrer and
    // utm the session keeps, on both stores) was then the click, without the newsletter's utm.
    const viewedAt = now();
    const clickedAt = viewedAt + 1;
    const res = await post(
      server,
      batch(
        site.public_key,
        [
          { t: 'pv', ts: viewedAt, p: '/', r: 'https://www.google.com/search', us: 'newsletter' },
          { t: 'ck', ts: clickedAt, p: '/', sel: 'button#buy', tx: 'Buy now', x: 120, y: 640 },
          { t: 'lv', ts: now(), p: '/', d: 5000, sc: 75 },
          { t: 'pv', ts: now(), p: '/product' },
        ],
        { v, s },
      ),
      { origin: 'https://www.shop.example.com', headers: { 'X-Country': 'de', 'X-Forwarded-For': '203.0.113.9' } },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 4 });

    const events = await storedEvents(server, site.id);
    expect(events.map((e) => e.type).sort()).toEqual(['click', 'leave', 'pageview', 'pageview']);
    const click = events.find((e) => e.type === 'click')!;
    expect([click.selector, click.name, click.x, click.y, click.country, click.device_type, click.browser]).toEqual([
      'button#buy',
      'Buy now',
      120,
      640,
      'DE',
      'desktop',
      'Chrome',
    ]);
    expect(JSON.stringify(events)).not.toContain('203.0.113.9');

    if (clickHouseStore()) {
      // ClickHouse keeps raw events only: the session and the day are what its queries make of them.
      const list = await owner.client.send(`/api/cro/analytics/${site.id}/sessions?days=7`, { requestKey: null });
      expect(list.items.find((x: { sessionId: string }) => x.sessionId === s)).toMatchObject({
        pageViews: 2,
        entryPage: '/',
        exitPage: '/product',
        country: 'DE',
        durationSeconds: 5,
      });
      expect(events.filter((e) => e.type === 'pageview').map((e) => [e.visitor, e.utm_source])).toEqual([
        [v, 'newsletter'],
        [v, ''],
      ]);
      const a = await owner.client.send(`/api/cro/analytics/${site.id}?days=7`, { requestKey: null });
      expect(a.series.at(-1)).toMatchObject({ visitors: 1, sessions: 1, pageviews: 2 });
      expect(a.summary).toMatchObject({ bounceRate: 0 });
      // A record written to SQLite's events or sessions would be read by nothing: refused, saying why.
      const refused = {
        status: 400,
        message:
          "Events live in the configured event store (CRO_EVENTS_URL), not in this database's events and sessions: send them to the collect endpoint.",
      };
      const custom = { site_id: site.id, visitor: v, session: s, type: 'custom', path: '/', ts: new Date().toISOString() };
      await expect(server.admin.collection('events').create(custom)).rejects.toMatchObject(refused);
      await expect(server.admin.collection('sessions').create({ site_id: site.id, session_key: s, visitor: v })).rejects.toMatchObject(
        refused,
      );
      expect(await countEvents(server, site.id)).toBe(events.length);
      return;
    }
    const session = await server.admin.collection('sessions').getFirstListItem(`session_key = "${s}"`);
    expect(session).toMatchObject({
      visitor: v,
      page_views: 2,
      entry_path: '/',
      exit_path: '/product',
      max_scroll: 75,
      utm_source: 'newsletter',
      country: 'DE',
    });
    expect(JSON.stringify(session)).not.toContain('203.0.113.9');

    const day = await server.admin.collection('analytics_daily').getFirstListItem(`site_id = "${site.id}"`);
    expect(day).toMatchObject({ visitors: 1, sessions: 1, pageviews: 2, bounces: 0, duration_ms: 5000, clicks: 1 });

    // SQLite keeps an event's time as integer ms; the record API shows it, and takes it, in ISO text.
    const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
    expect(click.ts).toBe(iso(clickedAt));
    const created = await server.admin
      .collection('events')
      .create({ site_id: site.id, visitor: v, session: s, type: 'custom', path: '/', ts: new Date(clickedAt + 1).toISOString() });
    expect(created.ts).toBe(iso(clickedAt + 1));
    expect((await server.admin.collection('events').getOne(created.id)).ts).toBe(iso(clickedAt + 1));
    await server.admin.collection('events').delete(created.id);
  });

  it('a subdomain origin is accepted', async () => {
    const res = await post(server, batch(site.public_key, [pv('/blog')]), { origin: 'https://blog.shop.example.com' });
    expect(res.status).toBe(202);
  });
});

describe('the tracker script', () => {
  it('is served with the site config inlined, cacheable for 60 s with an ETag', async () => {
    const res = await fetch(`${server.url}/t/${site.public_key}.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const text = await res.text();
    expect(text).toContain(`"k":"${site.public_key}"`);
    const etag = res.headers.get('etag')!;
    const again = await fetch(`${server.url}/t/${site.public_key}.js`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('an unknown key gets a 404 JavaScript comment', async () => {
    const res = await fetch(`${server.url}/t/nosuchkey12345678901234.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/^\/\* cro: unknown site key \*\//);
  });
});
