/**
 * The public API over HTTP: keys made in Settings record verified server-side conversions that the
 * Analytics screen then shows; idempotency, scopes, revocation and other sites' keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { storedEvents, storedSessions } from '../../helpers/stored-events';
import { ORIGIN, batch, makeSite, post, rid } from '../analytics/helpers';
import { call, createKey, expectErrorShape } from './helpers';

let server: TestServer;
let owner: TestUser;
let site: RecordModel;

beforeAll(async () => {
  server = await startPocketBase({ env: { CRO_COLLECT_ALLOWED_ORIGINS: ORIGIN } });
  owner = await server.createUser();
  site = await makeSite(owner);
  // The API comes with the Enterprise & Ecom plan.
  await server.admin.collection('sites').update(site.id, { plan_tier: 'enterprise' });
});
afterAll(async () => server?.stop());

interface Summary {
  conversions: number;
  revenue: number;
  convertedSessions: number;
  sessions: number;
}

const analyticsSummary = async (siteId: string) =>
  (await owner.client.send(`/api/cro/analytics/${siteId}?days=7`, {})) as { summary: Summary };

const conversionRows = async (siteId: string) => (await storedEvents(server, siteId)).filter((e) => e.type === 'conversion');

describe('POST /v1/conversions', () => {
  it('records a verified conversion in the visitor session that the Analytics screen counts', async () => {
    const visitor = rid('vis_');
    const res = await post(server, batch(site.public_key, [{ t: 'pv', ts: Date.now(), p: '/checkout' }], { v: visitor }));
    expect(res.status).toBe(202);
    const before = await analyticsSummary(site.id);
    const { key } = await createKey(owner, site.id);

    const sent = await call(server, 'POST', '/v1/conversions', key, {
      site_id: site.id,
      visitor_id: visitor,
      goal: 'purchase',
      value: 149,
      currency: 'USD',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ goal: 'purchase', value: 149, currency: 'USD', visitor_id: visitor, verified: true, source: 'api' });
    expect(sent.body.id).toMatch(/^cnv_[a-z0-9]{16}$/);

    const after = await analyticsSummary(site.id);
    expect(after.summary.conversions).toBe(before.summary.conversions + 1);
    expect(after.summary.revenue).toBe(before.summary.revenue + 149);
    expect(after.summary.convertedSessions).toBe(before.summary.convertedSessions + 1);
    expect(after.summary.sessions).toBe(before.summary.sessions); // no visit invented

    const rows = await conversionRows(site.id);
    const row = rows.find((r) => (r.props as { conversion_id?: string } | null)?.conversion_id === sent.body.id);
    expect(row).toMatchObject({ visitor, name: 'purchase', value: 149, path: '/checkout' });
    expect(row?.props).toMatchObject({ source: 'api', verified: true, currency: 'USD' });
    const sessions = (await storedSessions(server, site.id)).filter((x) => x.visitor === visitor);
    expect(sessions.map((x) => x.revenue)).toEqual([149]);
  });

  it('counts a conversion of a visitor the tracker never saw, without a session', async () => {
    const { key } = await createKey(owner, site.id);
    const before = await analyticsSummary(site.id);
    const sessions = (await storedSessions(server, site.id)).length;
    const sent = await call(server, 'POST', '/v1/conversions', key, { site_id: site.id, visitor_id: rid('unseen_'), goal: 'signup' });
    expect(sent.status).toBe(201);
    expect(sent.body.value).toBe(0);
    const after = await analyticsSummary(site.id);
    expect(after.summary.conversions).toBe(before.summary.conversions + 1);
    expect(after.summary.sessions).toBe(before.summary.sessions);
    expect(await storedSessions(server, site.id)).toHaveLength(sessions);
  });

  it('answers a repeated Idempotency-Key with the first result and records nothing new', async () => {
    const { key } = await createKey(owner, site.id);
    const body = { site_id: site.id, visitor_id: rid('idem_'), goal: 'purchase', value: 20 };
    const headers = { 'Idempotency-Key': `order-${rid('')}` };
    const first = await call(server, 'POST', '/v1/conversions', key, body, headers);
    expect(first.status).toBe(201);
    const count = (await conversionRows(site.id)).length;
    const totals = await analyticsSummary(site.id);

    const again = await Promise.all([1, 2, 3].map(() => call(server, 'POST', '/v1/conversions', key, body, headers)));
    for (const r of again) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(first.body);
      expect(r.headers.get('idempotent-replayed')).toBe('true');
    }
    const changed = await call(server, 'POST', '/v1/conversions', key, { ...body, value: 21 }, headers);
    expect(changed.status).toBe(422);
    expectErrorShape(changed.body, 422);

    expect((await conversionRows(site.id)).length).toBe(count);
    expect((await analyticsSummary(site.id)).summary).toEqual(totals.summary);
  });

  it('refuses bad input with a 4xx in the error shape and records nothing', async () => {
    const { key } = await createKey(owner, site.id);
    const count = (await conversionRows(site.id)).length;
    const good = { site_id: site.id, visitor_id: 'v_9f8e7d6c', goal: 'purchase', value: 10 };
    const cases: [unknown, number][] = [
      [{ ...good, visitor_id: 'short' }, 400],
      [{ ...good, goal: '' }, 400],
      [{ ...good, value: -5 }, 400],
      [{ ...good, value: 'ten' }, 400],
      [{ ...good, currency: 'dollars' }, 400],
      [{ ...good, extra: true }, 400],
      [{ ...good, site_id: undefined }, 400],
      [{ ...good, goal: 'x'.repeat(5000) }, 413],
    ];
    for (const [body, status] of cases) {
      const res = await call(server, 'POST', '/v1/conversions', key, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expectErrorShape(res.body, status);
    }
    const notJson = await fetch(`${server.url}/v1/conversions`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await conversionRows(site.id)).length).toBe(count);
  });

  it('a read key may read but not record', async () => {
    const { key } = await createKey(owner, site.id, 'read');
    const count = (await conversionRows(site.id)).length;
    const res = await call(server, 'POST', '/v1/conversions', key, { site_id: site.id, visitor_id: 'v_9f8e7d6c', goal: 'purchase' });
    expect(res.status).toBe(403);
    expectErrorShape(res.body, 403);
    expect((await call(server, 'GET', `/v1/analytics?site_id=${site.id}`, key)).status).toBe(200);
    expect((await conversionRows(site.id)).length).toBe(count);
  });
});

describe('keys', () => {
  it('a revoked key gets 401 on every route at once', async () => {
    const made = await createKey(owner, site.id);
    expect((await call(server, 'GET', `/v1/analytics?site_id=${site.id}`, made.key)).status).toBe(200);
    const revoked = await owner.client.send(`/api/cro/api-keys/${made.id}/revoke`, { method: 'POST' });
    expect(revoked.revoked_at).not.toBe('');
    for (const [method, path, body] of [
      ['GET', `/v1/analytics?site_id=${site.id}`],
      ['GET', `/v1/experiments?site_id=${site.id}`],
      ['POST', '/v1/conversions', { site_id: site.id, visitor_id: 'v_9f8e7d6c', goal: 'purchase' }],
    ] as const) {
      const res = await call(server, method, path, made.key, body);
      expect(res.status).toBe(401);
      expectErrorShape(res.body, 401);
    }
  });

  it('no key, a malformed header or an unknown key gets 401', async () => {
    for (const auth of [null, `upl_${'a'.repeat(40)}`, 'not-a-key']) {
      const res = await call(server, 'GET', `/v1/analytics?site_id=${site.id}`, auth);
      expect(res.status).toBe(401);
      expectErrorShape(res.body, 401);
    }
    const basic = await fetch(`${server.url}/v1/analytics?site_id=${site.id}`, { headers: { Authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it("another site's key gets 404 for this site's data and records nothing", async () => {
    const stranger = await server.createUser();
    const other = await makeSite(stranger, 'other.example.com');
    await server.admin.collection('sites').update(other.id, { plan_tier: 'enterprise' });
    const { key } = await createKey(stranger, other.id);
    const count = (await conversionRows(site.id)).length;
    for (const [method, path, body] of [
      ['GET', `/v1/analytics?site_id=${site.id}`],
      ['GET', `/v1/experiments?site_id=${site.id}`],
      ['GET', `/v1/experiments/abc/results?site_id=${site.id}`],
      ['POST', '/v1/conversions', { site_id: site.id, visitor_id: 'v_9f8e7d6c', goal: 'purchase', value: 5 }],
    ] as const) {
      const res = await call(server, method, path, key, body);
      expect(res.status, path).toBe(404);
      expectErrorShape(res.body, 404);
    }
    expect((await conversionRows(site.id)).length).toBe(count);
    expect((await call(server, 'GET', `/v1/analytics?site_id=${other.id}`, key)).status).toBe(200);
  });

  it('shows the key once: stored as a hash, listed with its prefix only', async () => {
    const made = await createKey(owner, site.id, 'read', 'Reporting');
    expect(made.key).toMatch(/^upl_[A-Za-z0-9]{40}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const listed = await owner.client.collection('api_keys').getOne(made.id);
    expect(listed).toMatchObject({ name: 'Reporting', scope: 'read', prefix: made.prefix, revoked_at: '' });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(listed.key_hash).toBeUndefined();
    const stored = await server.admin.collection('api_keys').getOne(made.id);
    expect(JSON.stringify(stored)).not.toContain(made.key.slice(12));
  });

  it('records when a key was last used', async () => {
    const made = await createKey(owner, site.id, 'read');
    expect((await owner.client.collection('api_keys').getOne(made.id)).last_used_at).toBe('');
    await call(server, 'GET', `/v1/analytics?site_id=${site.id}`, made.key);
    const used = (await owner.client.collection('api_keys').getOne(made.id)).last_used_at as string;
    expect(Date.now() - new Date(used.replace(' ', 'T')).getTime()).toBeLessThan(60_000);
  });

  it('only owners and admins create or revoke keys; bad names and scopes change nothing', async () => {
    const viewer = await server.createUser();
    const editor = await server.createUser();
    const admin = await server.createUser();
    for (const [u, role] of [
      [viewer, 'viewer'],
      [editor, 'editor'],
      [admin, 'admin'],
    ] as const) {
      await server.admin
        .collection('site_members')
        .create({ site_id: site.id, user_id: u.record.id, email: u.email, role, status: 'active' });
    }
    const stranger = await server.createUser();
    const count = async () => (await server.admin.collection('api_keys').getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems;
    const before = await count();
    await expect(createKey(viewer, site.id)).rejects.toMatchObject({ status: 403 });
    await expect(createKey(editor, site.id)).rejects.toMatchObject({ status: 403 });
    await expect(createKey(stranger, site.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      server.anonymous().send(`/api/cro/sites/${site.id}/api-keys`, { method: 'POST', body: { name: 'x', scope: 'read' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(createKey(owner, site.id, 'admin' as 'read')).rejects.toMatchObject({ status: 400 });
    await expect(createKey(owner, site.id, 'read', '   ')).rejects.toMatchObject({ status: 400 });
    await expect(createKey(owner, site.id, 'read', 'x'.repeat(61))).rejects.toMatchObject({ status: 400 });
    expect(await count()).toBe(before);

    const made = await createKey(admin, site.id, 'read');
    expect(await count()).toBe(before + 1);
    for (const u of [viewer, editor]) {
      await expect(u.client.send(`/api/cro/api-keys/${made.id}/revoke`, { method: 'POST' })).rejects.toMatchObject({ status: 403 });
    }
    await expect(stranger.client.send(`/api/cro/api-keys/${made.id}/revoke`, { method: 'POST' })).rejects.toMatchObject({ status: 404 });
    expect((await server.admin.collection('api_keys').getOne(made.id)).revoked_at).toBe('');
    await admin.client.send(`/api/cro/api-keys/${made.id}/revoke`, { method: 'POST' });
    expect((await server.admin.collection('api_keys').getOne(made.id)).revoked_at).not.toBe('');
  });
});

describe('GET /v1/analytics', () => {
  it("gives the Analytics screen's summary for the same days", async () => {
    const { key } = await createKey(owner, site.id, 'read');
    const screen = (await owner.client.send(`/api/cro/analytics/${site.id}?days=30`, {})) as { summary: unknown; from: string; to: string };
    const api = await call(server, 'GET', `/v1/analytics?site_id=${site.id}&from=${screen.from}&to=${screen.to}`, key);
    expect(api.status).toBe(200);
    expect(api.body.summary).toEqual(screen.summary);
    const byDefault = await call(server, 'GET', `/v1/analytics?site_id=${site.id}`, key);
    expect(byDefault.body).toMatchObject({ from: screen.from, to: screen.to, summary: screen.summary });
    const daily = api.body.daily as { day: string; conversions: number }[];
    expect(daily.reduce((n, d) => n + d.conversions, 0)).toBe((screen.summary as { conversions: number }).conversions);
  });

  it('refuses bad ranges with 400', async () => {
    const { key } = await createKey(owner, site.id, 'read');
    for (const q of ['from=2026-13-01', 'to=yesterday', 'from=2026-03-02&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', '']) {
      const path = q ? `/v1/analytics?site_id=${site.id}&${q}` : '/v1/analytics';
      const res = await call(server, 'GET', path, key);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body, 400);
    }
  });
});

describe('routes', () => {
  it('answers unknown paths and methods in the error shape', async () => {
    const unknown = await call(server, 'GET', '/v1/reports/daily', null);
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 404);
    const wrongMethod = await call(server, 'DELETE', '/v1/conversions', null);
    expect(wrongMethod.status).toBe(405);
    expectErrorShape(wrongMethod.body, 405);
  });
});
