/**
 * Guardrails act: visitors arrive through the collect endpoint as the tracker sends them, and the
 * server's background check (every second here) pauses a running test whose variant throws page
 * errors for many more visitors than the control, the way a rule is rolled back: a rollback
 * record, an audit entry and a notification to the owner, all naming the breach. A healthy test
 * and a test with a handful of visitors (all erring) keep running; the results route reports each
 * guardrail's status and why the paused test was paused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { batch, makeSite, post, rid } from './analytics/helpers';

let server: TestServer;
let owner: TestUser;
let site: RecordModel;
let goal: RecordModel;
const experiments: Record<'broken' | 'healthy' | 'tiny', RecordModel> = {} as never;

type Guardrail = { metric: string; status: string; variants: { key: string; status: string; users: number }[] };
type Results = { status: string; guardrails: Guardrail[]; pause: { reason: string; type: string } | null };

function experiment(name: string, selector: string) {
  return owner.client.collection('experiments').create({
    site_id: site.id,
    name,
    selector,
    url_pattern: '/pricing',
    status: 'running',
    primary_goal: goal.id,
    guardrails: [{ metric: 'error_rate', threshold: 20 }],
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'New checkout', weight: 0.5, changes: [{ type: 'set_text', value: 'Buy now' }] },
    ],
  });
}

/**
 * `users` visitors see `variant`; the first `erring` of them then hit a page error. Every exposure is
 * stored before any error is sent: the guardrail check (every 2 s here) may pause the test as soon as
 * the errors show, and a paused test's later exposures are, rightly, not recorded.
 */
async function drive(exp: RecordModel, variant: string, users: number, erring: number) {
  const t = Date.now() - 20 * 60_000;
  const send = async (batches: string[]) => {
    for (let i = 0; i < batches.length; i += 20) {
      const sent = await Promise.all(batches.slice(i, i + 20).map((b) => post(server, b)));
      expect(sent.map((r) => r.status)).toEqual(Array(sent.length).fill(202));
    }
  };
  const ids = Array.from({ length: users }, () => ({ v: rid('v'), s: rid('s') }));
  const key = site.public_key as string;
  await send(
    ids.map((id) =>
      batch(
        key,
        [
          { t: 'pv', ts: t, p: '/pricing' },
          { t: 'xp', ts: t + 100, p: '/pricing', id: exp.id, n: variant },
        ],
        id,
      ),
    ),
  );
  await send(
    ids.slice(0, erring).map((id) => batch(key, [{ t: 'er', ts: t + 2000, p: '/pricing', m: 'TypeError: checkout is undefined' }], id)),
  );
}

async function results(exp: RecordModel): Promise<Results> {
  const res = await fetch(`${server.url}/api/cro/experiments/${exp.id}/results`, {
    headers: { Authorization: owner.client.authStore.token },
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<Results>;
}

/**
 * The breach as the server words it, for the visitors and errors it had counted when its check ran:
 * every exposure is stored before any error (drive), but the check runs every second while the
 * errors still arrive (batches of 20 awaited in turn), so it may pause the test having counted any
 * number of the variant's 60 erring visitors. The message must state all 120 visitors of each arm,
 * the control's 3 of 120, and a variant rate that is a whole number of those 60 out of 120.
 */
function breach(message: string): string {
  const counted = /\((\d+) and (\d+) visitors\)$/.exec(message);
  expect(counted, message).not.toBeNull();
  expect([Number(counted![1]), Number(counted![2])]).toEqual([120, 120]);
  const rate = (erring: number, users: number) => `${((erring / users) * 100).toFixed(1)}%`;
  const stated = /rate was ([\d.]+%) against/.exec(message)?.[1];
  const erring = Array.from({ length: 60 }, (_, i) => i + 1).find((k) => rate(k, 120) === stated);
  expect(erring, `${stated} is not a whole number of the 60 erring visitors out of 120`).toBeDefined();
  return (
    `New checkout's page-error rate was ${rate(erring!, 120)} against ${rate(3, 120)} for the control, ` +
    `worse by more than the 20% allowed (120 and 120 visitors)`
  );
}

async function statusOf(exp: RecordModel): Promise<string> {
  return (await server.admin.collection('experiments').getOne(exp.id)).status as string;
}

beforeAll(async () => {
  server = await startPocketBase({
    env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0', CRO_GUARDRAIL_INTERVAL_SECONDS: '1' },
  });
  owner = await server.createUser();
  site = await makeSite(owner);
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
  experiments.healthy = await experiment('Healthy headline', 'h1');
  experiments.tiny = await experiment('Tiny sample', 'h2');
  experiments.broken = await experiment('Broken checkout', 'button.buy');

  // The healthy and tiny tests' traffic is in before the broken test's, so the check that pauses
  // the broken test has seen all of theirs.
  await drive(experiments.healthy, 'control', 120, 3);
  await drive(experiments.healthy, 'b', 120, 4);
  await drive(experiments.tiny, 'control', 5, 0);
  await drive(experiments.tiny, 'b', 5, 5);
  await drive(experiments.broken, 'control', 120, 3);
  await drive(experiments.broken, 'b', 120, 60);
  const deadline = Date.now() + 20_000;
  while ((await statusOf(experiments.broken)) !== 'paused' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  // Two more checks, so a wrong pause of the others would have happened by now.
  await new Promise((r) => setTimeout(r, 2500));
}, 120_000);
afterAll(async () => server?.stop());

describe('a variant with many page errors', () => {
  it('pauses the test', async () => {
    expect(await statusOf(experiments.broken)).toBe('paused');
  });

  it('records the rollback, visible to the site members (Safety screen)', async () => {
    const rollbacks = await owner.client
      .collection('optimization_rollbacks')
      .getFullList({ filter: `experiment_id = "${experiments.broken.id}"` });
    expect(rollbacks).toHaveLength(1);
    expect(rollbacks[0]).toMatchObject({ site_id: site.id, rollback_type: 'automatic', rule_id: '' });
    expect(rollbacks[0]!.trigger_reason).toBe(`Guardrail breached in "Broken checkout": ${breach(rollbacks[0]!.trigger_reason)}`);
    expect(rollbacks[0]!.details).toMatchObject({ guardrail: 'error_rate', threshold: 20 });
  });

  it('writes the audit entry', async () => {
    const audit = await owner.client
      .collection('optimization_audit_log')
      .getFullList({ filter: `experiment_id = "${experiments.broken.id}" && action = "paused"` });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'paused', changes: { status: 'paused' }, previous: { status: 'running' } });
    expect(audit[0]!.reason).toContain('Guardrail breached in "Broken checkout"');
  });

  it('tells the owner', async () => {
    const notes = await owner.client.collection('notifications').getFullList({ filter: 'title = "A/B test paused automatically"' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'alert', site_id: site.id, link: '/dashboard/tests' });
    expect(notes[0]!.message).toBe(`Broken checkout on shop.example.com: ${breach(notes[0]!.message)}`);
  });

  it('shows the breached guardrail and why the test was paused', async () => {
    const r = await results(experiments.broken);
    expect(r.status).toBe('paused');
    expect(r.guardrails).toHaveLength(1);
    expect(r.guardrails[0]).toMatchObject({
      metric: 'error_rate',
      status: 'breached',
      variants: [{ key: 'b', status: 'breached', users: 120 }],
    });
    const [rollback] = await owner.client
      .collection('optimization_rollbacks')
      .getFullList({ filter: `experiment_id = "${experiments.broken.id}"` });
    expect(r.pause).toEqual({ reason: rollback!.trigger_reason, type: 'automatic', at: rollback!.created_at });
  });

  it('stays paused once its owner has seen it: a new check does not pause it twice', async () => {
    expect(
      await owner.client.collection('optimization_rollbacks').getFullList({ filter: `experiment_id = "${experiments.broken.id}"` }),
    ).toHaveLength(1);
  });
});

describe('a healthy test and a tiny sample', () => {
  it('a few more errors than the control, within noise, keep the test running', async () => {
    expect(await statusOf(experiments.healthy)).toBe('running');
    const r = await results(experiments.healthy);
    expect(r.guardrails[0]).toMatchObject({ status: 'ok', variants: [{ key: 'b', status: 'ok', users: 120 }] });
    expect(r.pause).toBeNull();
  });

  it('five visitors all erring never pause a test: not enough data', async () => {
    expect(await statusOf(experiments.tiny)).toBe('running');
    const r = await results(experiments.tiny);
    expect(r.guardrails[0]).toMatchObject({ status: 'not_enough_data', variants: [{ key: 'b', status: 'not_enough_data', users: 5 }] });
  });

  it('neither has a rollback, an audit entry of a pause or a notification', async () => {
    for (const exp of [experiments.healthy, experiments.tiny]) {
      expect(await server.admin.collection('optimization_rollbacks').getFullList({ filter: `experiment_id = "${exp.id}"` })).toHaveLength(
        0,
      );
      const pauses = await server.admin
        .collection('optimization_audit_log')
        .getFullList({ filter: `experiment_id = "${exp.id}" && action = "paused"` });
      expect(pauses).toHaveLength(0);
    }
    expect(await owner.client.collection('notifications').getFullList()).toHaveLength(1);
  });
});
