/**
 * Form analytics and frustration signals on the server, over HTTP: the forms chunk is served and
 * inlined for Growth sites only; a form batch from the site's origin is stored, one with anything
 * but the contract's keys (a field's value) or from another origin is refused with a clear error
 * and stores nothing; the Forms report and the most frustrated pages go to the site's members on
 * plans that have them (403 with the upgrade message below, 404 for strangers, 401 signed out, 400
 * for a bad range).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { refusal } from '../helpers/site-access';
import { CHROME_UA, ORIGIN, makeSite } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let site: RecordModel;
let starter: RecordModel;

const VIEW = { id: 'view1abc', sel: '#contact-form', p: '/contact', st: true, sb: false, lf: 'phone' };
const FIELD = { k: 'phone', l: 'Phone', t: 1200, h: 300, r: 1, e: 0, o: 1 };

const post = (key: string, body: unknown, origin = ORIGIN) =>
  fetch(`${server.url}/api/cro/forms?k=${key}&s=sess1abc&v=vis1abc`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Origin: origin, 'User-Agent': CHROME_UA, 'Content-Type': 'text/plain' },
  });

const rows = async (siteId: string) =>
  (await server.admin.collection('form_views').getList(1, 10, { filter: `site_id = "${siteId}"` })).items;

beforeAll(async () => {
  server = await startPocketBase();
  [owner, stranger] = await Promise.all([server.createUser(), server.createUser()]);
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  starter = await server.admin
    .collection('sites')
    .create({ user_id: stranger.record.id, domain: 'starter.example.com', plan_tier: 'starter' });
});
afterAll(async () => server?.stop());

describe('the forms chunk', () => {
  it('is in a Growth site tracker config and served to any origin; not for Starter', async () => {
    const body = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    const path = /"v":\{"u":"(\/t\/f\/[0-9a-f]+\.js)","s":100,"fa":1/.exec(body)?.[1];
    expect(path).toBeTruthy();
    const chunk = await fetch(`${server.url}${path}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    expect(await chunk.text()).toContain('/api/cro/forms');
    expect(await (await fetch(`${server.url}/t/${starter.public_key}.js`)).text()).not.toContain('/t/f/');
  });
});

describe('form batches', () => {
  it('stores a valid batch, one row per form view', async () => {
    expect((await post(site.public_key, { f: [{ ...VIEW, fl: [FIELD] }] })).status).toBe(204);
    expect((await post(site.public_key, { f: [{ ...VIEW, fl: [{ ...FIELD, r: 2 }] }] })).status).toBe(204);
    const stored = await rows(site.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ selector: '#contact-form', path: '/contact', started: true, last_field: 'phone' });
    expect(stored[0]!.fields).toEqual([{ ...FIELD, r: 2 }]);
  });

  it('refuses a batch carrying a value, a bad path or another origin, and stores nothing', async () => {
    const cases: [unknown, string, number][] = [
      [{ f: [{ ...VIEW, id: 'view2abc', fl: [{ ...FIELD, v: '+46 70 123' }] }] }, ORIGIN, 400],
      [{ f: [{ ...VIEW, id: 'view3abc', p: 'contact' }] }, ORIGIN, 400],
      [{ f: [{ ...VIEW, id: 'view4abc', fl: [] }] }, 'https://evil.example', 403],
    ];
    for (const [body, origin, status] of cases) {
      const res = await post(site.public_key, body, origin);
      expect(res.status).toBe(status);
      expect((await res.json()).message).toBeTruthy();
    }
    expect((await post(site.public_key, { f: [{ ...VIEW, id: 'view2abc', fl: [{ ...FIELD, v: 'x' }] }] })).status).toBe(400);
    expect(await rows(site.id)).toHaveLength(1);
    const res = await post(starter.public_key, { f: [{ ...VIEW, id: 'view5abc', fl: [] }] }, 'https://starter.example.com');
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Form analytics requires the Growth plan or higher. Upgrade at /pricing.');
  });
});

describe('the reports', () => {
  it('answer the site members on Growth', async () => {
    const forms = await owner.client.send(`/api/cro/forms/${site.id}?days=7`, {});
    expect(forms.forms[0]).toMatchObject({ selector: '#contact-form', views: 1, starts: 1, submissions: 0, abandoned: 1 });
    expect(forms.forms[0].fields[0]).toMatchObject({ key: 'phone', refills: 2, abandoned: 1 });
    const pages = await owner.client.send(`/api/cro/frustration/${site.id}/pages`, {});
    expect(pages).toEqual({ days: 7, frustratedSessions: 0, pages: [] });
  });

  it('refuse strangers, anonymous callers, bad ranges and plans without them', async () => {
    for (const route of [`/api/cro/forms/${site.id}`, `/api/cro/frustration/${site.id}/pages`]) {
      expect(await refusal(stranger.client.send(route, {}))).toMatchObject({ status: 404 });
      expect(await refusal(server.anonymous().send(route, {}))).toMatchObject({ status: 401 });
      expect(await refusal(owner.client.send(`${route}?days=0`, {}))).toMatchObject({ status: 400 });
    }
    expect(await refusal(stranger.client.send(`/api/cro/forms/${starter.id}`, {}))).toMatchObject({
      status: 403,
      message: 'Form analytics requires the Growth plan or higher. Upgrade at /pricing.',
    });
    expect(await refusal(stranger.client.send(`/api/cro/frustration/${starter.id}/pages`, {}))).toMatchObject({
      status: 403,
      message: 'Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing.',
    });
  });
});
