/**
 * Session recordings on the server, over HTTP: the recorder's chunks are accepted for Growth and
 * Enterprise sites only, bad ones get a clear 4xx and store nothing; the index row is what the
 * list shows, readable by the site's members only; a recording's events go to members only (404
 * for anyone else, as for a missing one); the recording settings are checked with clear 400s and
 * decide what the tracker's config says.
 */
import { gzipSync as nodeGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember, refusal } from '../helpers/site-access';
import { CHROME_UA, ORIGIN, makeSite, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let site: RecordModel;

/** gzip as a fetch body. */
const gzipSync = (data: string): Uint8Array<ArrayBuffer> => new Uint8Array(nodeGzip(data));

const PLAN_REFUSAL = 'Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing.';

function chunk(start = Date.now() - 60_000): Uint8Array<ArrayBuffer> {
  return gzipSync(
    JSON.stringify([
      { type: 4, timestamp: start, data: { href: `${ORIGIN}/pricing?coupon=x`, width: 1280, height: 720 } },
      { type: 2, timestamp: start + 5, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { left: 0, top: 0 } } },
      { type: 3, timestamp: start + 2000, data: { source: 2, type: 2, id: 1, x: 40, y: 50 } },
      { type: 5, timestamp: start + 3000, data: { tag: 'error', payload: { message: 'boom' } } },
      { type: 3, timestamp: start + 9000, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] } },
    ]),
  );
}

async function send(key: string, body: BodyInit, ids = { s: rid('session'), v: rid('visitor') }, origin = ORIGIN): Promise<Response> {
  return fetch(`${server.url}/api/cro/recordings?k=${key}&s=${ids.s}&v=${ids.v}`, {
    method: 'POST',
    body,
    headers: { Origin: origin, 'User-Agent': CHROME_UA },
  });
}

/** Another owner's site on a plan (created by the superuser: the free plan allows one site per owner). */
async function siteOnPlan(plan: string, domain: string): Promise<RecordModel> {
  return server.admin.collection('sites').create({ user_id: stranger.record.id, domain, plan_tier: plan });
}

async function setPlan(id: string, plan: string): Promise<void> {
  await server.admin.collection('sites').update(id, { plan_tier: plan });
}

const rowsOf = async (siteId: string) =>
  (await server.admin.collection('session_recordings').getList(1, 1, { filter: `site_id = "${siteId}"` })).totalItems;

const events = (user: TestUser | null, id: string) =>
  (user ? user.client : server.anonymous()).send(`/api/cro/recordings/${id}/events`, { requestKey: null });

beforeAll(async () => {
  server = await startPocketBase();
  [owner, editor, viewer, stranger] = await Promise.all([
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
  ]);
  site = await makeSite(owner);
  await setPlan(site.id, 'growth');
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, viewer, 'viewer');
});
afterAll(async () => server?.stop());

describe('the recorder config in the tracker', () => {
  const script = async (key: string) => (await fetch(`${server.url}/t/${key}.js`)).text();

  it('is inlined for Growth and Enterprise sites and names the recorder chunk, which is served to any origin', async () => {
    const body = await script(site.public_key);
    // The forms chunk holds the recorder's slot on plans with form analytics; the recorder's own config is its rv.
    const path = /"rv":\{"u":"(\/t\/r\/[0-9a-f]+\.js)","s":100\}/.exec(body)?.[1];
    expect(path).toBeTruthy();
    const recorder = await fetch(`${server.url}${path}`);
    expect(recorder.status).toBe(200);
    expect(recorder.headers.get('access-control-allow-origin')).toBe('*');
    expect(recorder.headers.get('cache-control')).toContain('immutable');
    expect(await recorder.text()).toContain('/api/cro/recordings');
    expect((await fetch(`${server.url}/t/r/000000000000.js`)).status).toBe(404);
  });

  it.each(['free', 'starter'])('is absent for a %s site', async (plan) => {
    const other = await siteOnPlan(plan, `${plan}.example.com`);
    expect(await script(other.public_key)).not.toContain('"v":');
  });
});

describe('ingesting chunks', () => {
  it('stores a Growth site chunk and keeps one index row per session', async () => {
    const ids = { s: rid('session'), v: rid('visitor') };
    const res = await send(site.public_key, chunk(), ids);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 5 });
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await send(site.public_key, chunk(Date.now() - 30_000), ids)).status).toBe(202);
    const row = await server.admin.collection('session_recordings').getFirstListItem(`session_id = "${ids.s}"`);
    expect(row).toMatchObject({
      site_id: site.id,
      visitor_id: ids.v,
      page_url: `${ORIGIN}/pricing`,
      pages: [`${ORIGIN}/pricing`],
      events_count: 10,
      chunks: 2,
      clicks: 2,
      errors: 2,
      // Rage and dead clicks are the session's frustration signals, from its analytics events (none here).
      dead_clicks: 0,
      rage_clicks: 0,
      duration_seconds: 39,
      device_type: 'desktop',
      browser: 'Chrome',
      converted: false,
    });
  });

  it('accepts Enterprise sites too', async () => {
    const other = await siteOnPlan('enterprise', 'enterprise.example.com');
    expect((await send(other.public_key, chunk(), undefined, 'https://enterprise.example.com')).status).toBe(202);
  });

  it.each(['free', 'starter'])('refuses a %s site with 403 and stores nothing', async (plan) => {
    const other = await siteOnPlan(plan, `refused-${plan}.example.com`);
    const res = await send(other.public_key, chunk(), undefined, `https://refused-${plan}.example.com`);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(PLAN_REFUSAL);
    expect(await rowsOf(other.id)).toBe(0);
  });

  it('refuses bad input with a clear 4xx, stores nothing and stays healthy', async () => {
    const before = await rowsOf(site.id);
    const cases: Array<[string, () => Promise<Response>, number, string]> = [
      ['a wrong site key', () => send('nosuchkey', chunk()), 404, 'Unknown site key.'],
      [
        'another origin',
        () => send(site.public_key, chunk(), undefined, 'https://evil.example.net'),
        403,
        'Origin not allowed for this site.',
      ],
      ['plain JSON', () => send(site.public_key, '[{"type":4,"timestamp":1}]'), 400, 'The chunk must be gzip-compressed JSON.'],
      ['gzip of text', () => send(site.public_key, gzipSync('hello')), 400, 'Invalid chunk: the chunk is not a JSON array of events'],
      ['an oversized body', () => send(site.public_key, new Uint8Array(1.5 * 1024 * 1024)), 413, 'The chunk is larger than 1 MB.'],
      [
        'no session',
        () =>
          fetch(`${server.url}/api/cro/recordings?k=${site.public_key}&v=abc`, {
            method: 'POST',
            body: chunk(),
            headers: { Origin: ORIGIN },
          }),
        400,
        'The site key, session and visitor (k, s, v) are required: lowercase letters and digits.',
      ],
    ];
    for (const [name, call, status, message] of cases) {
      const res = await call();
      const body = await res.json();
      expect([name, res.status], name).toEqual([name, status]);
      expect(body.message, name).toContain(message);
    }
    expect(await rowsOf(site.id)).toBe(before);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('reading recordings', () => {
  let recording: RecordModel;
  beforeAll(async () => {
    const ids = { s: rid('session'), v: rid('visitor') };
    await send(site.public_key, chunk(Date.now() - 20_000), ids);
    await send(site.public_key, chunk(Date.now() - 50_000), ids); // an earlier chunk arriving later
    recording = await server.admin.collection('session_recordings').getFirstListItem(`session_id = "${ids.s}"`);
  });

  it('lists the index rows to members only', async () => {
    for (const member of [owner, editor, viewer]) {
      const list = await member.client.collection('session_recordings').getFullList({ filter: `site_id = "${site.id}"` });
      expect(list.map((r) => r.id)).toContain(recording.id);
    }
    expect(await stranger.client.collection('session_recordings').getFullList({ filter: `site_id = "${site.id}"` })).toEqual([]);
    expect(
      await server
        .anonymous()
        .collection('session_recordings')
        .getFullList({ filter: `site_id = "${site.id}"` }),
    ).toEqual([]);
  });

  it("gives members the recording's events in time order", async () => {
    for (const member of [owner, editor, viewer]) {
      const list = (await events(member, recording.id)) as { type: number; timestamp: number }[];
      expect(list).toHaveLength(10);
      expect(list.map((e) => e.timestamp)).toEqual([...list.map((e) => e.timestamp)].sort((a, b) => a - b));
      expect(list[0]!.type).toBe(4);
    }
  });

  it('answers 404 to strangers, to anonymous callers and for a missing recording', async () => {
    for (const who of [stranger, null]) {
      expect(await refusal(events(who, recording.id))).toEqual({ status: 404, message: 'Recording not found.' });
    }
    expect(await refusal(events(owner, 'nosuchrecording'))).toEqual({ status: 404, message: 'Recording not found.' });
  });

  it('answers 403 once the site is no longer on a plan with recordings', async () => {
    await setPlan(site.id, 'starter');
    try {
      expect(await refusal(events(owner, recording.id))).toEqual({ status: 403, message: PLAN_REFUSAL });
    } finally {
      await setPlan(site.id, 'growth');
    }
  });

  it('lets nobody write index rows through the API', async () => {
    expect(await refusal(owner.client.collection('session_recordings').update(recording.id, { clicks: 999 }))).toMatchObject({
      status: 403,
    });
    expect(await refusal(owner.client.collection('session_recordings').delete(recording.id))).toMatchObject({ status: 403 });
  });
});

describe('recording settings', () => {
  it('the owner changes them; the tracker config follows', async () => {
    await owner.client.collection('sites').update(site.id, {
      recording_sample_rate: 25,
      recording_exclude: '/account/*',
      recording_min_seconds: 5,
      recording_mask_text: true,
    });
    const body = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    expect(body).toMatch(/"rv":\{"u":"\/t\/r\/[0-9a-f]+\.js","s":25,"e":\["\/account\/\*"\],"m":5,"t":true\}/);
    const audit = await server.admin
      .collection('optimization_audit_log')
      .getFirstListItem(`site_id = "${site.id}" && action = "settings_changed"`, {
        sort: '-created_at',
      });
    expect(audit.reason).toContain('Recorded sessions: 100% -> 25%');
  });

  it('a sample rate of 0 records nothing: no recorder, chunks refused', async () => {
    await owner.client.collection('sites').update(site.id, { recording_sample_rate: 0 });
    expect(await (await fetch(`${server.url}/t/${site.public_key}.js`)).text()).not.toContain('/t/r/');
    expect((await send(site.public_key, chunk())).status).toBe(403);
    await owner.client.collection('sites').update(site.id, { recording_sample_rate: 100 });
  });

  it.each([
    [{ recording_sample_rate: 150 }, 'Recorded sessions must be a whole percentage from 0 to 100.'],
    [{ recording_min_seconds: 99999 }, 'The minimum recording length must be 0 to 3600 seconds.'],
    [{ recording_include: 'checkout' }, 'Recorded pages: URL pattern must start with /, * or http(s):// ("checkout").'],
    [{ recording_mask_selectors: '</script>' }, 'Masked elements must be CSS selectors separated by commas (no { } ; < > or \\).'],
  ])('refuses %j with a clear 400 and changes nothing', async (change, message) => {
    const before = await server.admin.collection('sites').getOne(site.id);
    expect(await refusal(owner.client.collection('sites').update(site.id, change))).toEqual({ status: 400, message });
    const after = await server.admin.collection('sites').getOne(site.id);
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('editors and viewers cannot change them', async () => {
    for (const member of [editor, viewer]) {
      const r = await refusal(member.client.collection('sites').update(site.id, { recording_sample_rate: 1 }));
      expect(r).not.toBe('accepted');
    }
    expect((await server.admin.collection('sites').getOne(site.id)).recording_sample_rate).toBe(100);
  });
});
