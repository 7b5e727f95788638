/**
 * Revenue impact is measured: 0 with a plain reason before anything ships; then a declared A/B
 * test winner adds (its revenue per visitor over the control) x (visitors its rule reached since),
 * and a rule rolled out to half the visitors adds (revenue per session it reached over the
 * sessions on its pages it did not reach) x (sessions it reached), each with a 95% interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSuite } from '../../helpers/suite';
import { batch, post, rid } from './helpers';

let server: TestServer, owner: TestUser, site: RecordModel;

beforeAll(async () => {
  ({ server, owner, site } = await startSuite({
    users: ['owner'],
    site: 'shop.example.com',
    env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0', CRO_BROWSER_REVENUE_CAP: '100000' },
  }));
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
});
afterAll(async () => server?.stop());

const kpis = () => owner.client.send(`/api/cro/kpis/${site.id}`, { method: 'GET', requestKey: null });

async function send(events: object[][]) {
  const replies = await Promise.all(events.map((e) => post(server, batch(site.public_key, e, { v: rid('v'), s: rid('s') }))));
  expect(replies.map((r) => r.status)).toEqual(events.map(() => 202));
}

/** The difference of two samples' means and its 95% interval (normal approximation). */
function diffInterval(a: number[], b: number[]) {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const variance = (x: number[]) => x.reduce((s, v) => s + (v - mean(x)) ** 2, 0) / (x.length - 1);
  const d = mean(a) - mean(b);
  const se = Math.sqrt(variance(a) / a.length + variance(b) / b.length);
  return { d, low: d - 1.959964 * se, high: d + 1.959964 * se };
}
const repeat = (n: number, v: number) => Array.from({ length: n }, () => v);

describe('revenue impact', () => {
  it('is 0 with nothing shipped', async () => {
    const k = await kpis();
    expect(k.revenueImpact).toEqual({ total: 0, low: 0, high: 0, sources: [], lastWeek: 0, previousWeek: 0 });
  });

  it('adds a shipped winner and a rule with a holdout, each with its interval', async () => {
    const goal = await owner.client.collection('goals').create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you' });
    // Sessions carry revenue through the purchase goal.
    await owner.client.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase' });
    const exp = await owner.client.collection('experiments').create({
      site_id: site.id,
      name: 'Bold button',
      selector: 'button.buy',
      url_pattern: '/pricing',
      status: 'running',
      primary_goal: goal.id,
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'Bold', weight: 0.5, changes: [{ type: 'set_style', name: 'font-weight', value: '700' }] },
      ],
    });
    // 40 visitors each: 4 of the control's buy for 50, 30 of b's for 20.
    const t = Date.now() - 30 * 60_000;
    const arm = (variant: string, buyers: number, value: number) =>
      Array.from({ length: 40 }, (_, i) => {
        const e: object[] = [{ t: 'xp', ts: t, p: '/pricing', id: exp.id, n: variant }];
        if (i < buyers)
          e.push({ t: 'pv', ts: t + 1000, p: '/thank-you' }, { t: 'ev', ts: t + 2000, p: '/thank-you', n: 'purchase', val: value });
        return e;
      });
    await send([...arm('control', 4, 50), ...arm('b', 30, 20)]);
    const declared = await fetch(`${server.url}/api/cro/experiments/${exp.id}/declare-winner`, {
      method: 'POST',
      headers: { Authorization: owner.client.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'b' }),
    });
    expect(declared.status).toBe(200);
    const shipped = await owner.client
      .collection('optimization_rules')
      .getFirstListItem(`site_id = "${site.id}" && rule_type = "experiment_winner"`);

    // A rule at 50%: four sessions it reached buy for 100, 120, 80, 100; of four it did not reach, two buy for 50.
    const rule = await owner.client.collection('optimization_rules').create({
      site_id: site.id,
      name: 'Free shipping banner',
      rule_type: 'cta_text',
      enabled: true,
      rollout_percentage: 50,
      selector: '#banner',
      changes: [{ type: 'set_text', value: 'Free shipping' }],
    });
    const now = Date.now();
    const reached = [100, 120, 80, 100].map((v) => [
      { t: 'pv', ts: now, p: '/' },
      { t: 'ex', ts: now + 1, p: '/', id: rule.id, val: 3 },
      { t: 'ev', ts: now + 2, p: '/', n: 'purchase', val: v },
    ]);
    const holdout = [50, 50, 0, 0].map((v) => [
      { t: 'pv', ts: now, p: '/' },
      ...(v ? [{ t: 'ev', ts: now + 2, p: '/', n: 'purchase', val: v }] : []),
    ]);
    // Ten visitors meet the shipped winner.
    const winnerVisits = Array.from({ length: 10 }, () => [{ t: 'ex', ts: now, p: '/pricing', id: shipped.id, val: 2 }]);
    await send([...reached, ...holdout, ...winnerVisits]);

    const k = await kpis();
    const winner = diffInterval([...repeat(30, 20), ...repeat(10, 0)], [...repeat(4, 50), ...repeat(36, 0)]);
    const banner = diffInterval([100, 120, 80, 100], [50, 50, 0, 0]);
    const r2 = (n: number) => Math.round(n * 100) / 100;
    expect(k.revenueImpact.sources).toEqual([
      expect.objectContaining({
        kind: 'experiment',
        id: exp.id,
        unit: 'visitor',
        exposed: 10,
        baselinePerUnit: 5,
        uplift: 200,
        measured: true,
        impact: r2(winner.d * 10),
        low: r2(winner.low * 10),
        high: r2(winner.high * 10),
      }),
      expect.objectContaining({
        kind: 'rule',
        id: rule.id,
        name: 'Free shipping banner',
        unit: 'session',
        exposed: 4,
        baselinePerUnit: 25,
        uplift: 300,
        measured: true,
        impact: r2(banner.d * 4),
        low: r2(banner.low * 4),
        high: r2(banner.high * 4),
      }),
    ]);
    expect(k.revenueImpact.total).toBeCloseTo(100 + 300, 2);
    expect(k.revenueImpact.lastWeek).toBeCloseTo(400, 2);
    expect(k.changes.revenueImpact).toBe(0); // nothing the week before
    // The site's figure is the measurement, written by the server.
    expect((await owner.client.collection('sites').getOne(site.id)).total_revenue_impact).toBeCloseTo(400, 2);
  });
});
