/**
 * The Session Recordings list route, GET /api/cro/sites/{site}/recordings, over HTTP: every role
 * of the site reads the same page, strangers and anonymous callers get the 404 of a missing site
 * and nothing else; each filter and order the tab offers (sent as src/lib/recordings/filters.ts
 * recordingQuery sends them) picks and orders the rows the collection list did; pages of 50 say
 * whether more follow; malformed input gets a clear 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { NO_FILTERS, recordingQuery, type RecordingFilters } from '../../src/lib/recordings/filters';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember, refusal } from '../helpers/site-access';
import { makeSite, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let site: RecordModel;
let other: RecordModel;

interface Page {
  items: RecordModel[];
  page: number;
  perPage: number;
  hasMore: boolean;
}

const list = (user: TestUser | null, siteId: string, query: Record<string, string> = {}) =>
  (user ? user.client : server.anonymous()).send<Page>(`/api/cro/sites/${siteId}/recordings`, { query, requestKey: null });

const only = (f: Partial<RecordingFilters>) => list(owner, site.id, recordingQuery({ ...NO_FILTERS, ...f }, 1));
const sessions = async (f: Partial<RecordingFilters>) => (await only(f)).items.map((r) => r.session_id as string);

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;

/** 55 plain rows (days 1-28 of March) and a few that stand out in one way each. */
async function seed(siteId: string): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < 55; i++) {
    rows.push({
      session_id: `plain${String(i).padStart(2, '0')}`,
      started_at: `${day(1 + (i % 28))} 10:${String(i).padStart(2, '0')}:00.000Z`,
    });
  }
  rows.push(
    { session_id: 'mobileDE', device_type: 'mobile', country: 'DE', started_at: `${day(29)} 09:00:00.000Z` },
    { session_id: 'rage3', rage_clicks: 3, frustration_score: 40, started_at: `${day(29)} 09:01:00.000Z` },
    { session_id: 'rage9', rage_clicks: 9, frustration_score: 20, started_at: `${day(29)} 09:02:00.000Z` },
    { session_id: 'long', duration_seconds: 900, started_at: `${day(29)} 09:03:00.000Z` },
    { session_id: 'buyer', converted: true, source: 'news.example.org', started_at: `${day(30)} 09:00:00.000Z` },
    { session_id: 'checkout', pages: ['/checkout/pay'], errors: 2, started_at: `${day(30)} 09:01:00.000Z` },
    {
      session_id: 'signals',
      dead_clicks: 1,
      error_clicks: 1,
      quick_backs: 1,
      excessive_scrolls: 1,
      frustration_score: 5,
      started_at: `${day(31)} 09:00:00.000Z`,
    },
  );
  for (const r of rows) {
    await server.admin
      .collection('session_recordings')
      .create({ device_type: 'desktop', duration_seconds: 30, pages: [], ...r, site_id: siteId });
  }
}

beforeAll(async () => {
  server = await startPocketBase();
  [owner, admin, editor, viewer, stranger] = await Promise.all([
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
  ]);
  site = await makeSite(owner);
  await addMember(server, site.id, admin, 'admin');
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, viewer, 'viewer');
  other = await server.admin.collection('sites').create({ user_id: stranger.record.id, domain: 'other.example.com' });
  await seed(site.id);
  await server.admin
    .collection('session_recordings')
    .create({ site_id: other.id, session_id: rid('theirs'), started_at: `${day(31)} 12:00:00.000Z` });
}, 120_000);
afterAll(async () => server?.stop());

describe('who reads the list', () => {
  it('gives every role of the site the same page, newest first, and no other site’s rows', async () => {
    const pages = await Promise.all([owner, admin, editor, viewer].map((u) => list(u, site.id)));
    for (const p of pages) expect(p).toEqual(pages[0]);
    expect(pages[0]!.items.map((r) => r.session_id).slice(0, 3)).toEqual(['signals', 'checkout', 'buyer']);
    expect(pages[0]!.items.every((r) => r.site_id === site.id)).toBe(true);
  });

  it('answers strangers, anonymous callers and a missing site with the same 404', async () => {
    for (const who of [stranger, null]) expect(await refusal(list(who, site.id))).toEqual({ status: 404, message: 'Site not found.' });
    expect(await refusal(list(owner, 'nosuchsite0000'))).toEqual({ status: 404, message: 'Site not found.' });
    expect(await refusal(list(owner, other.id))).toEqual({ status: 404, message: 'Site not found.' });
  });
});

describe('pages and orders', () => {
  it('pages by 50 and says whether more follow', async () => {
    const first = await list(owner, site.id);
    expect(first).toMatchObject({ page: 1, perPage: 50, hasMore: true });
    expect(first.items).toHaveLength(50);
    const second = await list(owner, site.id, { page: '2' });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items).toHaveLength(12);
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(62);
  });

  it('orders by score, duration and rage clicks, newest first among equals', async () => {
    expect((await sessions({ sort: 'frustration' })).slice(0, 3)).toEqual(['rage3', 'rage9', 'signals']);
    expect((await sessions({ sort: 'longest' }))[0]).toBe('long');
    expect((await sessions({ sort: 'rage' })).slice(0, 3)).toEqual(['rage9', 'rage3', 'signals']);
  });
});

describe('filters', () => {
  it('picks the rows each filter names', async () => {
    expect(await sessions({ device: 'mobile' })).toEqual(['mobileDE']);
    expect(await sessions({ country: 'de' })).toEqual(['mobileDE']);
    expect(await sessions({ page: '/checkout' })).toEqual(['checkout']);
    expect(await sessions({ converted: 'yes' })).toEqual(['buyer']);
    expect((await only({ converted: 'no' })).items.map((r) => r.session_id)).not.toContain('buyer');
    expect(await sessions({ source: 'news.example.org' })).toEqual(['buyer']);
    expect(await sessions({ minSeconds: '600' })).toEqual(['long']);
    expect(await sessions({ maxSeconds: '10' })).toEqual([]);
    expect(await sessions({ from: day(30), to: day(30) })).toEqual(['checkout', 'buyer']);
    expect(await sessions({ withErrors: true })).toEqual(['checkout']);
    expect(await sessions({ withRageClicks: true, sort: 'rage' })).toEqual(['rage9', 'rage3']);
    for (const key of ['withDeadClicks', 'withErrorClicks', 'withQuickBacks', 'withExcessiveScrolling'] as const) {
      expect(await sessions({ [key]: true })).toEqual(['signals']);
    }
    expect(await sessions({ frustrated: true, sort: 'frustration' })).toEqual(['rage3', 'rage9', 'signals']);
    expect(await sessions({ device: 'desktop', withRageClicks: true, sort: 'frustration' })).toEqual(['rage3', 'rage9']);
  });

  it('refuses malformed input with a clear 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ page: '0' }, 'Page must be a whole number from 1 to 1000.'],
      [{ sort: '-id' }, 'Sort must be newest, frustration, longest or rage.'],
      [{ from: 'yesterday' }, 'From must be a day (YYYY-MM-DD).'],
      [{ minSeconds: 'x' }, 'Durations must be numbers of seconds.'],
      [{ device: 'tv' }, 'Device must be desktop, mobile or tablet.'],
      [{ country: 'Germany' }, 'Country must be a two-letter code.'],
      [{ converted: 'maybe' }, 'Converted must be yes or no.'],
    ];
    for (const [query, message] of cases) expect(await refusal(list(owner, site.id, query))).toEqual({ status: 400, message });
  });
});
