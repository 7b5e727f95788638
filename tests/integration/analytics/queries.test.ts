/**
 * Goals turn events into conversions and revenue; the owner reads them from the KPI and analytics
 * routes (rollups only), the live record and the site's KPI fields follow within seconds, and
 * non-members see nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { batch, post, rid } from './helpers';

let server: TestServer, owner: TestUser, other: TestUser, site: RecordModel;

beforeAll(async () => {
  ({ server, owner, other, site } = await startSuite({
    users: ['owner', 'other'],
    site: 'shop.example.com',
    env: { CRO_LIVE_INTERVAL_MS: '300' },
  }));
  await owner.client.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
  await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Reached cart', type: 'url', match: '/cart', value: 0, enabled: true });
  const t = Date.now();
  const buyer = { v: rid('visitor'), s: rid('session') };
  expect(
    (
      await post(
        server,
        batch(
          site.public_key,
          [
            { t: 'pv', ts: t, p: '/', r: 'https://www.google.com/' },
            { t: 'pv', ts: t + 1, p: '/cart' },
            { t: 'pv', ts: t + 2, p: '/thank-you' },
            { t: 'ev', ts: t + 3, p: '/thank-you', n: 'purchase', val: 129.5, pr: { order: 'A-1' } },
          ],
          buyer,
        ),
      )
    ).status,
  ).toBe(202);
  expect((await post(server, batch(site.public_key, [{ t: 'pv', ts: t, p: '/' }]))).status).toBe(202);
});
afterAll(async () => server?.stop());

const api = (u: TestUser, path: string) => u.client.send(path, { method: 'GET', requestKey: null });

describe('kpis and analytics', () => {
  it('KPIs count sessions, conversions and revenue of today and this week', async () => {
    const k = await api(owner, `/api/cro/kpis/${site.id}`);
    expect(k.today).toMatchObject({
      sessions: 2,
      visitors: 2,
      pageviews: 4,
      conversions: 2,
      convertedSessions: 1,
      revenue: 129.5,
      bounces: 1,
    });
    expect(k.week.conversionRate).toBe(50);
    expect(k.week.bounceRate).toBe(50);
  });

  it('analytics: summary, a full daily series, top converting pages and sources', async () => {
    const a = await api(owner, `/api/cro/analytics/${site.id}?days=7`);
    expect(a.series).toHaveLength(7);
    expect(a.series[6]).toMatchObject({ sessions: 2, pageviews: 4, conversions: 2, revenue: 129.5 });
    expect(a.summary).toMatchObject({ sessions: 2, conversions: 2, revenue: 129.5 });
    expect(a.pages.slice(0, 2)).toEqual([
      expect.objectContaining({ path: '/thank-you', conversions: 1, revenue: 129.5, pageviews: 1 }),
      expect.objectContaining({ path: '/cart', conversions: 1, revenue: 0 }),
    ]);
    expect(a.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'google.com', sessions: 1, conversions: 2, revenue: 129.5 }),
        expect.objectContaining({ value: 'Direct', sessions: 1, conversions: 0 }),
      ]),
    );
    expect(a.devices).toEqual([expect.objectContaining({ value: 'desktop', sessions: 2 })]);
  });

  it('rejects a range other than 7, 30 or 90 days', async () => {
    await expect(api(owner, `/api/cro/analytics/${site.id}?days=5`)).rejects.toMatchObject({ status: 400 });
  });

  it('non-members get 404 and anonymous callers 401', async () => {
    await expect(api(other, `/api/cro/analytics/${site.id}`)).rejects.toMatchObject({ status: 404 });
    await expect(api(other, `/api/cro/kpis/${site.id}`)).rejects.toMatchObject({ status: 404 });
    await expect(server.anonymous().send(`/api/cro/kpis/${site.id}`, {})).rejects.toMatchObject({ status: 401 });
    expect((await other.client.collection('analytics_daily').getList(1, 10)).totalItems).toBe(0);
  });

  it('the live record and the site KPI fields follow within seconds', async () => {
    const expected = {
      sessions_today: 2,
      pageviews_today: 4,
      conversions_today: 2,
      revenue_today: 129.5,
      cvr_today: 50,
      active_visitors: 2,
    };
    const live = await eventually(
      async () => (await owner.client.collection('site_live').getList(1, 1, { filter: `site_id = "${site.id}"` })).items[0],
      expected,
    );
    expect(live).toMatchObject(expected);
    const fields = { current_cvr: 50, baseline_cvr: 0, monthly_visitors: 2 };
    expect(await eventually(() => owner.client.collection('sites').getOne(site.id), fields)).toMatchObject(fields);
  });
});

/** Polls read() for up to 5 s until its result matches the expected fields; returns the last. */
async function eventually<T extends object>(read: () => Promise<T | undefined>, expected: Record<string, unknown>): Promise<T | undefined> {
  let last: T | undefined;
  for (let i = 0; i < 50; i++) {
    last = await read();
    if (last && Object.entries(expected).every(([k, v]) => (last as Record<string, unknown>)[k] === v)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}
