/**
 * Funnels on the server, over HTTP: a bad definition gets a clear 400 and stores nothing; editors
 * write, viewers only read; the results route counts the visitors the collect endpoint recorded,
 * for members only, with the previous period and a breakdown; the drop-off route says where the
 * visitors who stopped went next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { addMember, refusal } from '../helpers/site-access';
import { batch, makeSite, post, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let site: RecordModel;
let goal: RecordModel;
let foreignGoal: RecordModel;

const page = (match: string) => ({ kind: 'page', match });
const valid = () => ({
  site_id: site.id,
  name: 'Checkout',
  steps: [page('/'), page('/product/*'), { kind: 'goal', goal: goal.id }],
});

async function countFunnels(): Promise<number> {
  return (await server.admin.collection('funnels').getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems;
}

beforeAll(async () => {
  server = await startPocketBase();
  [owner, editor, viewer, stranger] = await Promise.all([
    server.createUser(),
    server.createUser(),
    server.createUser(),
    server.createUser(),
  ]);
  site = await makeSite(owner);
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, viewer, 'viewer');
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
  const otherSite = await makeSite(stranger, 'other.example.com');
  foreignGoal = await stranger.client.collection('goals').create({ site_id: otherSite.id, name: 'Theirs', type: 'event', match: 'x' });
});
afterAll(async () => server?.stop());

describe('defining a funnel', () => {
  it('an editor creates one; the window and order get their defaults', async () => {
    const f = await editor.client.collection('funnels').create({ ...valid(), name: '  Checkout  ' });
    expect(f.name).toBe('Checkout');
    expect(f.window_days).toBe(7);
    expect(f.step_order).toBe('ordered');
    expect(f.steps).toEqual(valid().steps);
  });

  const bad: Array<[string, () => Record<string, unknown>, string]> = [
    ['no name', () => ({ ...valid(), name: ' ' }), 'Give the funnel a name'],
    ['one step', () => ({ ...valid(), steps: [page('/')] }), 'A funnel has 2 to 10 steps'],
    ['eleven steps', () => ({ ...valid(), steps: Array.from({ length: 11 }, (_, i) => page(`/p${i}`)) }), 'A funnel has 2 to 10 steps'],
    ['no steps field', () => ({ ...valid(), steps: undefined }), 'A funnel has 2 to 10 steps'],
    ['an empty pattern', () => ({ ...valid(), steps: [page('/'), page(' ')] }), 'Step 2: enter a page URL pattern'],
    [
      'a bad pattern',
      () => ({ ...valid(), steps: [page('/'), page('checkout')] }),
      'Step 2: URL pattern must start with /, * or http(s)://',
    ],
    [
      "another site's goal",
      () => ({ ...valid(), steps: [page('/'), { kind: 'goal', goal: foreignGoal.id }] }),
      "Step 2: choose one of this site's goals",
    ],
    ['an unknown kind', () => ({ ...valid(), steps: [page('/'), { kind: 'event', name: 'x' }] }), 'Step 2: a step is a page or a goal'],
    ['a window of 0.5 days', () => ({ ...valid(), window_days: 0.5 }), 'The conversion window is a whole number of days from 1 to 90'],
    ['an unknown order', () => ({ ...valid(), step_order: 'random' }), 'The step order is ordered, strict or any'],
  ];
  for (const [what, body, message] of bad) {
    it(`refuses ${what} with a 400 and stores nothing`, async () => {
      const before = await countFunnels();
      const r = await refusal(editor.client.collection('funnels').create(body()));
      expect(r).not.toBe('accepted');
      expect(r).toMatchObject({ status: 400 });
      if (r !== 'accepted') expect(r.message).toContain(message);
      expect(await countFunnels()).toBe(before);
    });
  }

  it('refuses an update that breaks the definition and keeps the stored one', async () => {
    const f = await editor.client.collection('funnels').create(valid());
    const r = await refusal(editor.client.collection('funnels').update(f.id, { steps: [page('/')] }));
    expect(r).toMatchObject({ status: 400, message: 'A funnel has 2 to 10 steps.' });
    expect((await server.admin.collection('funnels').getOne(f.id)).steps).toEqual(valid().steps);
  });

  it('a viewer reads funnels but cannot create one', async () => {
    const before = await countFunnels();
    expect(await refusal(viewer.client.collection('funnels').create(valid()))).toMatchObject({ status: 400 });
    expect(await countFunnels()).toBe(before);
    expect((await viewer.client.collection('funnels').getFullList({ filter: `site_id = "${site.id}"` })).length).toBe(before);
  });
});

describe('funnel results from collected events', () => {
  let funnel: RecordModel;
  const now = Date.now();
  const min = 60_000;

  beforeAll(async () => {
    funnel = await owner.client.collection('funnels').create({ ...valid(), name: 'Results', window_days: 1 });
    const key = site.public_key as string;
    const pv = (p: string, ts: number) => ({ t: 'pv', ts, p });
    const visitors: object[][] = [
      [pv('/', now - 60 * min), pv('/product/1', now - 59 * min), pv('/thank-you', now - 58 * min)], // all three
      [pv('/', now - 60 * min), pv('/product/2', now - 55 * min), pv('/about', now - 54 * min)], // stops at 2, then /about
      [pv('/', now - 60 * min), pv('/thank-you', now - 50 * min)], // skips the product page
      [pv('/', now - 3 * 24 * 60 * min), pv('/product/1', now - 3 * 24 * 60 * min + min), pv('/thank-you', now - 30 * min)], // out of window
    ];
    for (const events of visitors) {
      const res = await post(server, batch(key, events, { v: rid('visitor'), s: rid('session') }));
      expect(res.status).toBe(202);
    }
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);

  it('counts each step for a member, with the previous period of equal length', async () => {
    const r = await viewer.client.send(`/api/cro/funnels/${funnel.id}/results?from=${daysAgo(1)}&to=${today()}&breakdown=landing`, {});
    expect(r.current.steps.map((s: { users: number }) => s.users)).toEqual([3, 2, 1]);
    expect(r.current.steps[1].medianSeconds).toBe(180); // 1 and 5 minutes
    expect(r.current.breakdown).toEqual([{ value: '/', users: [3, 2, 1] }]);
    expect(r.previousRange).toEqual({ from: daysAgo(3), to: daysAgo(2) });
    // The fourth visitor entered three days ago and bought outside the one-day window.
    expect(r.previous.steps.map((s: { users: number }) => s.users)).toEqual([1, 1, 0]);
  });

  it('says where the visitors who stopped went next', async () => {
    const r = await owner.client.send(`/api/cro/funnels/${funnel.id}/dropoff?step=2&from=${daysAgo(1)}&to=${today()}`, {});
    expect(r.visitors).toBe(1);
    expect(r.nextPages).toEqual([{ path: '/about', visitors: 1 }]);
    expect(r.recordings).toEqual([]);
  });

  it('answers strangers 404 and bad parameters 400', async () => {
    expect(await refusal(stranger.client.send(`/api/cro/funnels/${funnel.id}/results`, {}))).toMatchObject({ status: 404 });
    expect(await refusal(owner.client.send(`/api/cro/funnels/${funnel.id}/results?breakdown=planet`, {}))).toMatchObject({ status: 400 });
    expect(await refusal(owner.client.send(`/api/cro/funnels/${funnel.id}/results?from=2026-13-01`, {}))).toMatchObject({ status: 400 });
    expect(await refusal(owner.client.send(`/api/cro/funnels/${funnel.id}/dropoff?step=3`, {}))).toMatchObject({ status: 400 });
  });
});

describe('a micro goal as a step', () => {
  it('counts its completions, on open days and on closed (stored) days', async () => {
    const micro = await owner.client
      .collection('goals')
      .create({ site_id: site.id, name: 'Add to cart', type: 'event', match: 'add_to_cart', micro: true, enabled: true });
    const funnel = await owner.client.collection('funnels').create({
      site_id: site.id,
      name: 'Micro',
      window_days: 1,
      steps: [page('/shoes/*'), { kind: 'goal', goal: micro.id }],
    });
    const key = site.public_key as string;
    const visit = async (ts: number, addToCart: boolean) => {
      const events: object[] = [{ t: 'pv', ts, p: '/shoes/1' }];
      if (addToCart) events.push({ t: 'ev', ts: ts + 60_000, p: '/shoes/1', n: 'add_to_cart' });
      expect((await post(server, batch(key, events))).status).toBe(202);
    };
    const hour = 3_600_000;
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    // Five days ago is closed (its window and an hour more are over): its day is stored.
    const closed = noon.getTime() - 5 * 24 * hour;
    await visit(closed, true);
    await visit(closed + hour, false);
    const recent = Date.now() - 2 * 60_000;
    await visit(recent, true);
    const dayOf = (ts: number) => new Date(ts).toISOString().slice(0, 10);
    const day = (d: number) => dayOf(closed + (5 - d) * 24 * hour);
    const users = async (from: string, to: string) =>
      (await viewer.client.send(`/api/cro/funnels/${funnel.id}/results?from=${from}&to=${to}`, {})).current.steps.map(
        (s: { users: number }) => s.users,
      );
    expect(await users(dayOf(recent), dayOf(recent))).toEqual([1, 1]); // a product page view, then add_to_cart
    expect(await users(day(5), day(5))).toEqual([2, 1]);
    expect(await users(day(5), day(5))).toEqual([2, 1]); // read back from the stored day
    expect(await users(day(6), dayOf(recent))).toEqual([3, 2]);
  });
});

describe("funnel days follow the site's time zone", () => {
  it('an entry counts on the day of the site calendar, not the UTC day', async () => {
    // UTC+14: a visit at 12:00 UTC is on the next day of the site's calendar.
    const islander = await server.createUser();
    const zoned = await islander.client
      .collection('sites')
      .create({ user_id: islander.record.id, domain: 'kiritimati.example.com', time_zone: 'Pacific/Kiritimati' });
    const noonUtc = new Date();
    noonUtc.setUTCHours(12, 0, 0, 0);
    if (noonUtc.getTime() > Date.now() - 3_600_000) noonUtc.setUTCDate(noonUtc.getUTCDate() - 1);
    const utcDay = noonUtc.toISOString().slice(0, 10);
    const localDay = new Date(noonUtc.getTime() + 86400_000).toISOString().slice(0, 10);
    const funnel = await islander.client.collection('funnels').create({
      site_id: zoned.id,
      name: 'Zoned',
      steps: [page('/'), page('/cart')],
    });
    const t = noonUtc.getTime();
    const res = await post(
      server,
      batch(zoned.public_key as string, [
        { t: 'pv', ts: t, p: '/' },
        { t: 'pv', ts: t + 60_000, p: '/cart' },
      ]),
      { origin: 'https://kiritimati.example.com' },
    );
    expect(res.status).toBe(202);
    const users = async (day: string) =>
      (await islander.client.send(`/api/cro/funnels/${funnel.id}/results?from=${day}&to=${day}`, {})).current.steps.map(
        (s: { users: number }) => s.users,
      );
    expect(await users(localDay)).toEqual([1, 1]);
    expect(await users(utcDay)).toEqual([0, 0]);
  });
});
