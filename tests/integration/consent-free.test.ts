/**
 * Consent-free mode over HTTP: the site's script carries the server's visitor id (a daily salted
 * hash of the site, the client's address and its User-Agent) and is cached privately; the collect
 * endpoint ignores the ids a client sends and uses the server's; recordings are refused and never
 * configured; the setting is checked, audited, and changed by the site's owner and admins only.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember, refusal } from '../helpers/site-access';
import { storedEvents, storedSessions } from '../helpers/stored-events';
import { CHROME_UA, ORIGIN, batch, makeSite, post, rid } from './analytics/helpers';

const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
beforeAll(async () => {
  server = await startPocketBase();
  owner = await server.createUser();
  site = await makeSite(owner);
  // Growth records sessions: the consent-free site must still never be recorded.
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
});
afterAll(async () => server?.stop());

const script = (ua = CHROME_UA) => fetch(`${server.url}/t/${site.public_key}.js`, { headers: { 'User-Agent': ua } });
/** The config inlined into the script: `(function(CRO_CFG){...})(<config>);`. */
const configOf = (body: string) => JSON.parse(body.slice(body.lastIndexOf('})(') + 3, body.lastIndexOf(');'))) as Record<string, unknown>;
const pv = (p = '/') => ({ t: 'pv', ts: Date.now(), p });

describe('a consent-free site', () => {
  it('before the switch: the script asks to record and carries no visitor id', async () => {
    const res = await script();
    const cfg = configOf(await res.text());
    expect(cfg.v).toBeTruthy();
    expect(cfg.c).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('serves each visitor their own daily id, privately cached, and never asks to record', async () => {
    await owner.client.collection('sites').update(site.id, { consent_free: true });
    const res = await script();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    const cfg = configOf(await res.text());
    expect(cfg.c).toMatch(/^[a-z0-9]{20}$/);
    expect(cfg.v).toBeUndefined();
    // The same browser again: the same id; another browser on the same address: another one.
    expect(configOf(await (await script()).text()).c).toBe(cfg.c);
    expect(configOf(await (await script(FIREFOX_UA)).text()).c).not.toBe(cfg.c);
  });

  it("ignores the ids a client sends: the server's visitor and session are stored", async () => {
    const mine = configOf(await (await script()).text()).c as string;
    const forged = { v: rid('forgedvisitor'), s: rid('forgedsession') };
    expect((await post(server, batch(site.public_key, [pv('/')], forged))).status).toBe(202);
    expect((await post(server, batch(site.public_key, [pv('/cart')], { v: rid('another'), s: rid('other') }))).status).toBe(202);
    expect((await post(server, batch(site.public_key, [pv('/')], forged), { ua: FIREFOX_UA })).status).toBe(202);

    const sessions = await storedSessions(server, site.id);
    expect(sessions).toHaveLength(2);
    // Two requests from the same address and browser: one visitor (the id the script carries), one session.
    const chrome = sessions.find((x) => x.visitor === mine);
    expect(chrome).toMatchObject({ visitor: mine, page_views: 2, entry_path: '/', exit_path: '/cart' });
    const firefox = sessions.find((x) => x !== chrome)!;
    expect(firefox.visitor).toMatch(/^[a-z0-9]{20}$/);
    expect(firefox.visitor).not.toBe(mine);
    const stored = JSON.stringify([sessions, await storedEvents(server, site.id)]);
    expect(stored).not.toContain('forged');
    expect(stored).not.toContain('another');
    const analytics = await owner.client.send(`/api/cro/analytics/${site.id}?days=7`, { requestKey: null });
    expect(analytics.series.at(-1)).toMatchObject({ visitors: 2, sessions: 2, pageviews: 3 });
  });

  it('refuses recordings and stores nothing', async () => {
    const start = Date.now() - 5000;
    const chunk = gzipSync(JSON.stringify([{ type: 4, timestamp: start, data: { href: `${ORIGIN}/`, width: 800, height: 600 } }]));
    const res = await fetch(`${server.url}/api/cro/recordings?k=${site.public_key}&s=${rid('session')}&v=${rid('visitor')}`, {
      method: 'POST',
      body: new Uint8Array(chunk),
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': CHROME_UA },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Session recordings are off in consent-free mode.');
    const rows = await server.admin.collection('session_recordings').getList(1, 1, { filter: `site_id = "${site.id}"` });
    expect(rows.totalItems).toBe(0);
  });

  it('keeps its salts where no one but a superuser can read them', async () => {
    const salts = await refusal(owner.client.collection('visitor_salts').getFullList());
    expect(salts).not.toBe('accepted');
    const anon = await refusal(server.anonymous().collection('visitor_salts').getFullList());
    expect(anon).not.toBe('accepted');
    const kept = await server.admin.collection('visitor_salts').getFullList();
    expect(kept.map((s) => s.day)).toContain(new Date().toISOString().slice(0, 10));
  });
});

describe('the consent-free setting', () => {
  const auditOf = (siteId: string) =>
    server.admin.collection('optimization_audit_log').getFullList({ filter: `site_id = "${siteId}" && action = "settings_changed"` });

  it('is on or off, with a clear 400 otherwise, and each change is audited', async () => {
    const o = await server.createUser();
    const s = await makeSite(o, `cf-${Date.now().toString(36)}.example.com`);
    for (const bad of ['yes', 1, 'maybe']) {
      expect(await refusal(o.client.collection('sites').update(s.id, { consent_free: bad }))).toEqual({
        status: 400,
        message: 'Consent-free mode must be on or off.',
      });
    }
    expect((await server.admin.collection('sites').getOne(s.id)).consent_free).toBe(false);
    expect(await auditOf(s.id)).toHaveLength(0);
    await o.client.collection('sites').update(s.id, { consent_free: true });
    const [entry] = await auditOf(s.id);
    expect(entry).toMatchObject({ actor_id: o.record.id, reason: 'Consent-free mode: off -> on' });
  });

  it('is changed by the owner and admins only (every role)', async () => {
    const o = await server.createUser();
    const s = await makeSite(o, `cf-roles-${Date.now().toString(36)}.example.com`);
    const members: Record<'admin' | 'editor' | 'viewer', TestUser> = {
      admin: await server.createUser(),
      editor: await server.createUser(),
      viewer: await server.createUser(),
    };
    for (const role of ['admin', 'editor', 'viewer'] as const) await addMember(server, s.id, members[role], role);
    const stranger = await server.createUser();
    const refusedBy = [
      ['anonymous', server.anonymous()],
      ['stranger', stranger.client],
      ['viewer', members.viewer.client],
      ['editor', members.editor.client],
    ] as const;
    for (const [who, client] of refusedBy) {
      const r = await refusal(client.collection('sites').update(s.id, { consent_free: true }));
      expect(r === 'accepted' ? who : [403, 404].includes(r.status)).toBe(true);
      expect((await server.admin.collection('sites').getOne(s.id)).consent_free).toBe(false);
    }
    expect(await refusal(members.admin.client.collection('sites').update(s.id, { consent_free: true }))).toBe('accepted');
    expect(await refusal(o.client.collection('sites').update(s.id, { consent_free: false }))).toBe('accepted');
    const reasons = (await auditOf(s.id)).map((e) => [e.actor_id, e.reason]);
    expect(reasons).toEqual([
      [members.admin.record.id, 'Consent-free mode: off -> on'],
      [o.record.id, 'Consent-free mode: on -> off'],
    ]);
  });
});
