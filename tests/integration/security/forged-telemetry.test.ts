/**
 * Forged telemetry: rule ids are public in the tracker script and a script can send any Origin,
 * so anyone can post exposures, errors and purchases to the collect endpoint. A burst from one
 * client (however many visitor ids and user agents it rotates through) must not roll back a
 * healthy rule nor alert its owner; errors from many visitors across many addresses still roll
 * back; a few addresses only warn; browser revenue is capped and stored as unverified.
 *
 * Everything goes through the collect protocol over HTTP. Clients are told apart by
 * X-Forwarded-For, trusted here as a proxy in front of the server would set it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';
import { skipOnClickHouse, storedEvents, type StoredEvent } from '../../helpers/stored-events';
import { batch, CHROME_UA, post, rid } from '../analytics/helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startPocketBase();
  await server.admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
});
afterAll(async () => server?.stop());

const CHANGE = { url_pattern: '/checkout*', selector: '#pay', changes: [{ type: 'set_text', value: 'Pay now' }] };

interface Shop {
  owner: TestUser;
  site: RecordModel;
  origin: string;
}

/** An owner with a site on a plan with optimization rules, and the given rules enabled with automatic rollback. */
async function shop(domain: string, ruleNames: string[] = []): Promise<Shop & { rules: string[] }> {
  const owner = await server.createUser();
  const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain });
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth', error_threshold_percentage: 5, health_status: 'healthy' });
  const rules: string[] = [];
  for (const name of ruleNames) {
    const rule = await owner.client.collection('optimization_rules').create({
      site_id: site.id,
      name,
      rule_type: 'cta_text',
      ...CHANGE,
      enabled: true,
      rollout_percentage: 100,
      auto_rollback_enabled: true,
    });
    rules.push(rule.id);
  }
  return { owner, site, origin: `https://${domain}`, rules };
}

/** One visit (a new visitor and session unless given) posted from an address, as a tracker would. */
async function visit(s: Shop, ip: string, events: object[], o: { ua?: string; v?: string } = {}) {
  const res = await post(server, batch(s.site.public_key, events, { v: o.v ?? rid('visitor') }), {
    origin: s.origin,
    ua: o.ua ?? CHROME_UA,
    headers: { 'X-Forwarded-For': ip },
  });
  expect(res.status).toBe(202);
}

const t0 = () => Date.now() - 60_000;
const pageview = () => ({ t: 'pv', ts: t0(), p: '/checkout' });
const exposure = (rule: string) => ({ t: 'ex', ts: t0() + 100, p: '/checkout', id: rule, val: 4 });
const pageError = () => ({ t: 'er', ts: t0() + 5_000, p: '/checkout', m: 'TypeError: pay is undefined' });

/** Visitors who never meet the rule, each from its own address: the baseline error rate (0%). */
async function baseline(s: Shop, count: number, net: string) {
  await Promise.all(Array.from({ length: count }, (_, i) => visit(s, `${net}.${i + 1}`, [pageview()])));
}

const evaluate = (s: Shop) => s.owner.client.send('/api/cro/evaluate-health', { method: 'POST', body: { siteId: s.site.id } });
const alerts = (s: Shop) => s.owner.client.collection('notifications').getFullList({ filter: `type = "alert"`, sort: 'created_at' });
const rollbacks = (s: Shop) => s.owner.client.collection('optimization_rollbacks').getFullList();

describe('rollback on forged telemetry', () => {
  it('a 40-session burst of exposure and error from one client leaves a healthy rule enabled and tells nobody', async () => {
    const s = await shop('forged.example.com', ['Healthy copy']);
    const [rule] = s.rules as [string];
    await baseline(s, 40, '192.0.2');
    // 40 real visitors from 40 addresses see the rule without any error.
    await Promise.all(Array.from({ length: 40 }, (_, i) => visit(s, `198.51.100.${i + 1}`, [pageview(), exposure(rule)])));
    // The attacker: one address, 40 sessions, a new visitor id and user agent each time.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        visit(s, '203.0.113.66', [pageview(), exposure(rule), pageError()], { ua: `${CHROME_UA} forged/${i}` }),
      ),
    );

    const result = await evaluate(s);
    expect(result.rules[0]).toMatchObject({
      ruleId: rule,
      status: 'healthy',
      rolledBack: false,
      warningReason: '',
      telemetry: { exposedSessions: 80, exposedErrorSessions: 40, exposedVisitors: 80, exposedSources: 41, errorVisitorsBySource: [40] },
    });
    // The raw figures are past the threshold (50% vs 0%): the evidence is what was refused.
    expect(result.rules[0].metrics.find((m: { metric_type: string }) => m.metric_type === 'error_rate')).toMatchObject({
      value: 50,
      threshold_exceeded: false,
      details: { increase_points: 50, outlier_visitors_discounted: 40, error_sources_counted: 0 },
    });
    expect(await s.owner.client.collection('optimization_rules').getOne(rule)).toMatchObject({ enabled: true, health_status: 'healthy' });
    expect(await rollbacks(s)).toEqual([]);
    expect(await alerts(s)).toEqual([]);
    expect((await s.owner.client.collection('sites').getOne(s.site.id)).health_status).toBe('healthy');
  });

  it('errors from many visitors across many addresses (IPv4 and IPv6) still roll the rule back', async () => {
    const s = await shop('broken.example.com', ['Broken copy']);
    const [rule] = s.rules as [string];
    await baseline(s, 40, '192.0.2');
    // 12 addresses, 3 visitors each, 2 of every 3 hit the error: 24 of 36 visitors.
    const addresses = [
      ...Array.from({ length: 6 }, (_, i) => `198.51.100.${i + 1}`),
      ...Array.from({ length: 6 }, (_, i) => `2001:db8:${i + 1}::7`),
    ];
    await Promise.all(
      addresses.flatMap((ip) =>
        [0, 1, 2].map((k) => visit(s, ip, k < 2 ? [pageview(), exposure(rule), pageError()] : [pageview(), exposure(rule)])),
      ),
    );

    const result = await evaluate(s);
    expect(result.rules[0]).toMatchObject({
      status: 'disabled',
      rolledBack: true,
      telemetry: { exposedVisitors: 36, exposedSources: 12, exposedErrorVisitors: 24, errorVisitorsBySource: addresses.map(() => 2) },
    });
    expect(await s.owner.client.collection('optimization_rules').getOne(rule)).toMatchObject({ enabled: false, health_status: 'disabled' });
    const reason =
      'Automatic rollback: Error rate 66.67% of 36 exposed sessions vs 0% of 40 unexposed (+66.67 points) exceeded the 5% error threshold';
    expect((await rollbacks(s)).map((r) => [r.rollback_type, r.trigger_reason])).toEqual([['automatic', reason]]);
    expect((await alerts(s)).map((n) => [n.title, n.message])).toEqual([
      ['Optimization rolled back automatically', `Broken copy on broken.example.com: ${reason}`],
    ]);
  });

  it('errors from only a few addresses warn the owner once and roll nothing back', async () => {
    const s = await shop('few.example.com', ['Doubtful copy']);
    const [rule] = s.rules as [string];
    await baseline(s, 40, '192.0.2');
    await Promise.all(Array.from({ length: 30 }, (_, i) => visit(s, `198.51.100.${i + 1}`, [pageview(), exposure(rule)])));
    // Four addresses, five erroring visitors each: at most three count per address.
    const few = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '2001:db8:99::1'];
    await Promise.all(few.flatMap((ip) => [0, 1, 2, 3, 4].map(() => visit(s, ip, [pageview(), exposure(rule), pageError()]))));

    const result = await evaluate(s);
    const warningReason =
      'Error rate 40% of 50 exposed sessions vs 0% of 40 unexposed (+40 points) is past the 5% error threshold, ' +
      'but the errors come from only 4 independent client sources (10 needed to roll back)';
    expect(result.rules[0]).toMatchObject({ status: 'warning', rolledBack: false, reason: '', warningReason });
    expect(await s.owner.client.collection('optimization_rules').getOne(rule)).toMatchObject({ enabled: true, health_status: 'warning' });
    expect(await rollbacks(s)).toEqual([]);
    expect((await alerts(s)).map((n) => [n.title, n.message])).toEqual([
      ['Optimization health warning', `Doubtful copy on few.example.com: ${warningReason}. Not rolled back automatically.`],
    ]);
    // The same figures again: no second warning.
    await evaluate(s);
    expect(await alerts(s)).toHaveLength(1);
  });
});

describe('revenue from the browser', () => {
  let store: Shop | undefined;
  it('is capped per visitor and per address per day, stored as unverified, and the dashboard leaves the rest out', async () => {
    const s = await shop('store.example.com');
    await s.owner.client
      .collection('goals')
      .create({ site_id: s.site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
    const purchase = (val: number, k = 0) => ({ t: 'ev', ts: t0() + k, p: '/thank-you', n: 'purchase', val });
    // 40 forged purchases of 1,000 from one address, a new visitor and user agent each time.
    await Promise.all(Array.from({ length: 40 }, (_, i) => visit(s, '203.0.113.77', [purchase(1000)], { ua: `${CHROME_UA} forged/${i}` })));
    // A real buyer elsewhere claims three purchases of 600 in a day: 1,000 of them count.
    const buyer = rid('visitor');
    for (let k = 0; k < 3; k++) await visit(s, '192.0.2.50', [purchase(600, k)], { v: buyer });

    // The owner's figures: three visitors' caps from the forging address, one from the buyer (each
    // purchase is still a conversion of its session).
    const analytics = await s.owner.client.send(`/api/cro/analytics/${s.site.id}?days=7`, { method: 'GET' });
    expect(analytics.summary).toMatchObject({ revenue: 3 * 1000 + 1000, conversions: 43 });

    // Every conversion is stored as unverified with what the browser reported; the counted values add up.
    const conversions = (await storedEvents(server, s.site.id)).filter((e) => e.type === 'conversion') as (StoredEvent & {
      props: { verified: boolean; reported: number };
      value: number;
    })[];
    expect(conversions).toHaveLength(43);
    expect(conversions.every((c) => c.props.verified === false)).toBe(true);
    expect(conversions.reduce((sum, c) => sum + c.props.reported, 0)).toBe(40 * 1000 + 3 * 600);
    expect(conversions.reduce((sum, c) => sum + c.value, 0)).toBe(4000);
    expect(
      conversions
        .filter((c) => c.visitor === buyer)
        .map((c) => c.value)
        .sort((a, b) => a - b),
    ).toEqual([0, 400, 600]);

    // The client source is a keyed hash, never the address.
    const sources = new Set(conversions.map((c) => c.client));
    expect(sources.size).toBe(2);
    for (const source of sources) expect(source).toMatch(/^[0-9a-f]{16}$/);
    store = s;
  });

  it.skipIf(skipOnClickHouse("the events collection's record API is SQLite's"))('keeps the client source from site members', async () => {
    const s = store!;
    const seenByOwner = await s.owner.client.collection('events').getList(1, 1, { filter: `type = "conversion"` });
    expect(seenByOwner.items[0]).not.toHaveProperty('client');
  });
});
