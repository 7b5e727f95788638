/**
 * Goals: the server refuses a goal that cannot match (a clear 400, nothing stored); form goals
 * reach the tracker's config and convert on a reported submit; micro goals count their
 * completions (once per session) and points on the Funnels route and in the KPI strip's figure,
 * and never in the site's conversions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { batch, post, rid } from './helpers';

let server: TestServer, owner: TestUser, viewer: TestUser, site: RecordModel;

beforeAll(async () => {
  ({ server, owner, viewer, site } = await startSuite({
    users: ['owner', 'viewer'],
    site: 'shop.example.com',
    roles: { viewer: 'viewer' },
  }));
});
afterAll(async () => server?.stop());

const goals = (u: TestUser) => u.client.collection('goals');
const countGoals = async () => (await server.admin.collection('goals').getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems;
const api = (u: TestUser, path: string) => u.client.send(path, { method: 'GET', requestKey: null });

async function refused(input: Record<string, unknown>): Promise<{ status: number; message: string }> {
  try {
    await goals(owner).create({ site_id: site.id, ...input });
  } catch (err) {
    const e = err as { status: number; response: { message: string } };
    return { status: e.status, message: e.response.message };
  }
  throw new Error(`goal accepted: ${JSON.stringify(input)}`);
}

describe('goal validation', () => {
  it('refuses a goal that cannot match, with the reason, and stores nothing', async () => {
    const before = await countGoals();
    expect(await refused({ name: ' ', type: 'url', match: '/x' })).toEqual({ status: 400, message: 'Give the goal a name.' });
    expect(await refused({ name: 'X', type: 'scroll', match: '/x' })).toEqual({
      status: 400,
      message: 'The goal type must be page view, click, form submit or custom event.',
    });
    expect(await refused({ name: 'X', type: 'url', match: 'thank you' })).toMatchObject({ status: 400 });
    expect(await refused({ name: 'X', type: 'click', match: '' })).toEqual({
      status: 400,
      message: 'Enter the CSS selector the goal matches.',
    });
    expect(await refused({ name: 'X', type: 'form', match: 'form[name="a"' })).toEqual({
      status: 400,
      message: 'That is not a CSS selector (for example #signup or form.newsletter).',
    });
    expect(await refused({ name: 'X', type: 'event', match: 'signup', value: -5 })).toEqual({
      status: 400,
      message: "The goal's value must be a number from 0 to 1,000,000.",
    });
    expect(await countGoals()).toBe(before);
  });

  it('refuses a bad update and keeps the stored goal; viewers cannot add goals', async () => {
    const g = await goals(owner).create({ site_id: site.id, name: 'Signup', type: 'event', match: 'signup', value: 2 });
    expect(g).toMatchObject({ enabled: true, micro: false, value: 2 });
    await expect(goals(owner).update(g.id, { type: 'url', match: 'no slash' })).rejects.toMatchObject({ status: 400 });
    expect(await goals(owner).getOne(g.id)).toMatchObject({ type: 'event', match: 'signup' });
    await expect(goals(viewer).create({ site_id: site.id, name: 'Mine', type: 'event', match: 'x' })).rejects.toMatchObject({
      status: 400,
    });
    expect((await goals(viewer).getFullList({ filter: `site_id = "${site.id}"` })).map((x) => x.name)).toContain('Signup');
    await goals(owner).delete(g.id);
  });
});

describe('form goals and micro goals through the collect endpoint', () => {
  let newsletter: RecordModel, addToCart: RecordModel;

  beforeAll(async () => {
    await goals(owner).create({ site_id: site.id, name: 'Contact form', type: 'form', match: 'form#contact', value: 0 });
    newsletter = await goals(owner).create({
      site_id: site.id,
      name: 'Newsletter',
      type: 'form',
      match: 'form.newsletter',
      value: 5,
      micro: true,
    });
    addToCart = await goals(owner).create({
      site_id: site.id,
      name: 'Add to cart',
      type: 'event',
      match: 'add_to_cart',
      value: 2.5,
      micro: true,
    });
    const t = Date.now();
    // Three sessions add to cart (one of them twice), one also signs up to the newsletter.
    for (let i = 0; i < 3; i++) {
      const events: object[] = [
        { t: 'pv', ts: t, p: '/' },
        { t: 'ev', ts: t + 1, p: '/', n: 'add_to_cart' },
      ];
      if (i === 0)
        events.push(
          { t: 'ev', ts: t + 2, p: '/', n: 'add_to_cart' },
          { t: 'fs', ts: t + 3, p: '/', sel: 'form.newsletter', gm: 'form.newsletter' },
        );
      expect((await post(server, batch(site.public_key, events))).status).toBe(202);
    }
    // One contact form submit: a conversion of the site.
    const contact = batch(site.public_key, [
      { t: 'pv', ts: t, p: '/contact' },
      { t: 'fs', ts: t + 1, p: '/contact', sel: 'form#contact', gm: 'form#contact' },
    ]);
    expect((await post(server, contact)).status).toBe(202);
  });

  it("the site's script lists the form goals' selectors", async () => {
    const js = await (await fetch(`${server.url}/t/${site.public_key}.js`)).text();
    expect(js).toContain('"f":["form#contact","form.newsletter"]');
  });

  it('micro goals: completions once per session and points, oldest goal first', async () => {
    const m = await api(viewer, `/api/cro/micro-goals/${site.id}?days=7`);
    expect(m.goals).toEqual([
      expect.objectContaining({ id: newsletter.id, name: 'Newsletter', completions: 1, value: 5, points: 5 }),
      expect.objectContaining({ id: addToCart.id, name: 'Add to cart', completions: 3, value: 2.5, points: 7.5 }),
    ]);
    expect(m).toMatchObject({ completions: 4, points: 12.5, days: 7 });
  });

  it('the KPI figure counts the same completions; only the contact form is a conversion', async () => {
    const k = await api(owner, `/api/cro/kpis/${site.id}`);
    expect(k.microConversions).toBe(4);
    expect(k.today).toMatchObject({ sessions: 4, conversions: 1, convertedSessions: 1, revenue: 0 });
  });

  it('refuses a bad range and strangers', async () => {
    await expect(api(owner, `/api/cro/micro-goals/${site.id}?days=3`)).rejects.toMatchObject({ status: 400 });
    const stranger = await server.createUser();
    await expect(api(stranger, `/api/cro/micro-goals/${site.id}`)).rejects.toMatchObject({ status: 404 });
  });

  it('a disabled micro goal stops counting new completions', async () => {
    await goals(owner).update(addToCart.id, { enabled: false });
    const t = Date.now();
    expect(
      (
        await post(
          server,
          batch(
            site.public_key,
            [
              { t: 'pv', ts: t, p: '/' },
              { t: 'ev', ts: t + 1, p: '/', n: 'add_to_cart' },
            ],
            { v: rid('v') },
          ),
        )
      ).status,
    ).toBe(202);
    const m = await api(owner, `/api/cro/micro-goals/${site.id}`);
    expect(m.goals[1]).toMatchObject({ completions: 3, enabled: false });
  });
});
