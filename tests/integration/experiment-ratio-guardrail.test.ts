/**
 * Ratio metrics as guardrails: an experiment watches revenue per session, visitors arrive through
 * the collect endpoint, and the results route judges the guardrail the way the background check
 * does (the check that pauses is the same function, run here too rarely to pause mid-traffic): a
 * variant whose sessions bring a fifth of the control's revenue is breached, with the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, makeSite, post, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let exp: RecordModel;

type GuardrailVariant = { key: string; status: string; users: number; control_value: number; variant_value: number };
type Guardrail = { metric: string; status: string; reason?: string; variants: GuardrailVariant[] };

/** `users` visitors see `variant` and buy `value` ± 20% in their one session. */
async function drive(variant: string, users: number, value: number) {
  const t = Date.now() - 20 * 60_000;
  const sends: Promise<Response>[] = [];
  for (let i = 0; i < users; i++) {
    const val = Math.round(value * (0.8 + (0.4 * i) / users) * 100) / 100;
    const events = [
      { t: 'pv', ts: t, p: '/pricing' },
      { t: 'xp', ts: t + 100, p: '/pricing', id: exp.id, n: variant },
      { t: 'ev', ts: t + 2000, p: '/checkout', n: 'purchase', val },
    ];
    sends.push(post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') })));
    if (sends.length === 20) expect((await Promise.all(sends.splice(0))).map((r) => r.status)).toEqual(Array(20).fill(202));
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}

beforeAll(async () => {
  // All 300 buyers post from this one address, which the revenue cap treats as a forged burst (three
  // visitors' caps per client source a day): the cap is raised so their revenue counts in full.
  server = await startPocketBase({
    env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0', CRO_BROWSER_REVENUE_CAP: '100000' },
  });
  owner = await server.createUser();
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  const goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
  exp = await owner.client.collection('experiments').create({
    site_id: site.id,
    name: 'Cheaper checkout',
    selector: 'h1',
    url_pattern: '/pricing',
    status: 'running',
    primary_goal: goal.id,
    guardrails: [
      { metric: 'revenue_per_session', threshold: 20 },
      { metric: 'pages_per_session', threshold: 50 },
    ],
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Discount', weight: 0.5, changes: [{ type: 'set_text', value: 'Now 80% off' }] },
    ],
  });
  await drive('control', 150, 50);
  await drive('b', 150, 10);
}, 120_000);
afterAll(async () => server?.stop());

describe('ratio metrics as guardrails', () => {
  it('are accepted on an experiment, as the wizard offers them', () => {
    expect(exp.guardrails).toEqual([
      { metric: 'revenue_per_session', threshold: 20 },
      { metric: 'pages_per_session', threshold: 50 },
    ]);
  });

  it('judge revenue per session: a fifth of the control is breached, with the figures', async () => {
    const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
      headers: { Authorization: owner.client.authStore.token },
    });
    expect(res.status).toBe(200);
    const { guardrails } = (await res.json()) as { guardrails: Guardrail[] };
    const [revenue, pages] = guardrails;
    expect(revenue).toMatchObject({
      metric: 'revenue_per_session',
      status: 'breached',
      variants: [{ key: 'b', status: 'breached', users: 150 }],
    });
    expect(revenue!.variants[0]!.control_value).toBeCloseTo(50, 0);
    expect(revenue!.variants[0]!.variant_value).toBeCloseTo(10, 0);
    expect(revenue!.reason).toMatch(/^Discount's revenue per session was \d+\.\d\d against \d+\.\d\d for the control/);
    // One page per session in both arms: no difference, no breach.
    expect(pages).toMatchObject({
      metric: 'pages_per_session',
      status: 'ok',
      variants: [{ key: 'b', control_value: 1, variant_value: 1 }],
    });
  });
});
