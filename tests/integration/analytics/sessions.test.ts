/**
 * Analytics' session list over HTTP (GET /api/cro/analytics/{siteId}/sessions): every session with
 * page views in the range, newest first, 50 a page, with its pages, duration, source and whether it
 * converted, and `recorded` only for those session_recordings holds; the site's owner, editors and
 * viewers read it, anyone else gets 404 (as for the other analytics routes) and anonymous callers 401.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { AnalyticsSessionsPage as SessionsPage } from '../../../src/dashboard/data/analyticsSessions';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { CHROME_UA, ORIGIN, batch, post, rid } from './helpers';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, stranger: TestUser, site: RecordModel;

const DAY = 86_400_000;
const now = Date.now();
const buyer = { v: rid('visitor'), s: rid('session') };
const reader = { v: rid('visitor'), s: rid('session') };
const oldVisit = { v: rid('visitor'), s: rid('session') };

const sessions = (u: TestUser, siteId: string, query = 'days=7') =>
  u.client.send<SessionsPage>(`/api/cro/analytics/${siteId}/sessions?${query}`, { method: 'GET', requestKey: null });

async function collect(events: object[], ids: { v: string; s: string }, key = site.public_key): Promise<void> {
  expect((await post(server, batch(key, events, ids))).status).toBe(202);
}

/** A recorder chunk of the session (the site is on Growth), as the recorder posts it. */
async function record(ids: { v: string; s: string }): Promise<void> {
  const body = gzipSync(
    JSON.stringify([
      { type: 4, timestamp: now - 60_000, data: { href: `${ORIGIN}/`, width: 1280, height: 720 } },
      { type: 3, timestamp: now - 50_000, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] } },
    ]),
  );
  const res = await fetch(`${server.url}/api/cro/recordings?k=${site.public_key}&s=${ids.s}&v=${ids.v}`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { Origin: ORIGIN, 'User-Agent': CHROME_UA },
  });
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  ({ server, owner, editor, viewer, stranger, site } = await startSuite({
    users: ['owner', 'editor', 'viewer', 'stranger'],
    site: 'shop.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await owner.client.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
  const t = now - 10 * 60_000;
  await collect(
    [
      { t: 'pv', ts: t, p: '/', r: 'https://www.google.com/search?q=boots' },
      { t: 'lv', ts: t + 4000, p: '/', d: 4000 },
      { t: 'pv', ts: t + 5000, p: '/cart' },
      { t: 'ev', ts: t + 6000, p: '/cart', n: 'purchase', val: 20 },
      { t: 'lv', ts: t + 8500, p: '/cart', d: 3500 },
    ],
    buyer,
  );
  await collect([{ t: 'pv', ts: t + 60_000, p: '/blog/boots' }], reader);
  await collect([{ t: 'pv', ts: now - 8 * DAY, p: '/old' }], oldVisit);
  await record(buyer);
});
afterAll(async () => server?.stop());

describe('the session list', () => {
  it('lists every session of the range newest first, with what the tracker saw and which ones are recorded', async () => {
    const list = await sessions(owner, site.id);
    expect(list).toMatchObject({ page: 1, perPage: 50, hasMore: false });
    expect(list.items.map((s) => s.sessionId)).toEqual([reader.s, buyer.s]);
    const [read, bought] = list.items;
    expect(bought).toEqual({
      sessionId: buyer.s,
      startedAt: new Date(now - 10 * 60_000).toISOString(),
      durationSeconds: 7.5,
      pageViews: 2,
      entryPage: '/',
      exitPage: '/cart',
      device: 'desktop',
      browser: 'Chrome',
      country: '',
      source: 'google.com',
      converted: true,
      recorded: true,
    });
    expect(read).toMatchObject({ pageViews: 1, entryPage: '/blog/boots', source: 'Direct', converted: false, recorded: false });
  });

  it('reads the range asked for: 30 days include last week’s session', async () => {
    const list = await sessions(owner, site.id, 'days=30');
    expect(list.items.map((s) => s.sessionId)).toEqual([reader.s, buyer.s, oldVisit.s]);
    expect(list.items[2]).toMatchObject({ entryPage: '/old', recorded: false });
  });

  it('pages 50 at a time', async () => {
    const other = await server.admin.collection('sites').create({ user_id: owner.record.id, domain: 'many.example.com' });
    const ids = Array.from({ length: 51 }, () => ({ v: rid('visitor'), s: rid('session') }));
    for (const [i, id] of ids.entries()) {
      const res = await post(server, batch(other.public_key, [{ t: 'pv', ts: now - 60_000 + i, p: `/p${i}` }], id), {
        origin: 'https://many.example.com',
      });
      expect(res.status).toBe(202);
    }
    const first = await sessions(owner, other.id);
    const second = await sessions(owner, other.id, 'days=7&page=2');
    expect(first.items).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect([...first.items, ...second.items].map((s) => s.sessionId)).toEqual(ids.map((id) => id.s).reverse());
    expect((await sessions(owner, other.id, 'days=7&page=3')).items).toEqual([]);
  });

  it('refuses a bad range or page with a clear 400', async () => {
    for (const [query, message] of [
      ['days=14', 'Days must be 7, 30 or 90.'],
      ['days=7&page=0', 'Page must be a whole number from 1 to 1000.'],
      ['days=7&page=two', 'Page must be a whole number from 1 to 1000.'],
      ['days=7&page=1001', 'Page must be a whole number from 1 to 1000.'],
    ]) {
      await expect(sessions(owner, site.id, query), query).rejects.toMatchObject({ status: 400, response: { message } });
    }
  });
});

describe('who may read it', () => {
  it.each(['editor', 'viewer'] as const)('a site %s reads the same list as the owner', async (role) => {
    const user = role === 'editor' ? editor : viewer;
    expect((await sessions(user, site.id)).items).toEqual((await sessions(owner, site.id)).items);
  });

  it('a signed-in stranger gets 404, as for a site that does not exist, and an anonymous caller 401', async () => {
    await expect(sessions(stranger, site.id)).rejects.toMatchObject({ status: 404 });
    await expect(sessions(stranger, 'nosuchsite12345')).rejects.toMatchObject({ status: 404 });
    await expect(
      server.anonymous().send(`/api/cro/analytics/${site.id}/sessions?days=7`, { method: 'GET', requestKey: null }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
