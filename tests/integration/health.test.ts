// Health evaluation from telemetry: metrics, rule and site health, automatic rollback with its
// record, audit entry and notification, and who may trigger it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { address, trustForwardedFor, visit } from './analytics/helpers';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, siteId: string;
let broken: string; // auto rollback on, errors after exposure
let watched: string; // same errors, auto rollback off
let quiet: string; // no telemetry

const CHANGE = { url_pattern: '/checkout*', selector: '#pay', changes: [{ type: 'set_text', value: 'Pay now' }] };

const at = (offsetMs: number) => Date.now() - 60_000 + offsetMs;
const pageview = () => ({ t: 'pv', ts: at(0), p: '/checkout' });
const exposure = (rule: string) => ({ t: 'ex', ts: at(100), p: '/checkout', id: rule });
const pageError = (offsetMs = 5_000) => ({ t: 'er', ts: at(offsetMs), p: '/checkout', m: 'TypeError: pay is undefined' });

const evaluate = (client: TestServer['admin'], body: unknown) => client.send('/api/cro/evaluate-health', { method: 'POST', body });

beforeAll(async () => {
  // The harness switches the scheduled evaluation off.
  ({ server, owner, editor, viewer, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer'],
    site: 'health.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth', error_threshold_percentage: 5, health_status: 'healthy' });
  const rules = owner.client.collection('optimization_rules');
  broken = (
    await rules.create({
      site_id: siteId,
      name: 'Broken copy',
      rule_type: 'cta_text',
      ...CHANGE,
      enabled: true,
      rollout_percentage: 50,
      auto_rollback_enabled: true,
    })
  ).id;
  await rules.update(broken, { rollout_percentage: 60 }); // the previous setting a rollback restores
  watched = (
    await rules.create({
      site_id: siteId,
      name: 'Watched copy',
      rule_type: 'cta_text',
      ...CHANGE,
      enabled: true,
      rollout_percentage: 50,
      auto_rollback_enabled: false,
    })
  ).id;
  quiet = (
    await rules.create({
      site_id: siteId,
      name: 'Quiet',
      rule_type: 'badge',
      ...CHANGE,
      enabled: true,
      rollout_percentage: 50,
      auto_rollback_enabled: true,
    })
  ).id;

  // 40 exposed sessions, 20 of them with a page error after exposure; 60 unexposed, 1 with an
  // error. Each visit comes through the collect endpoint from its own address (an independent source).
  await trustForwardedFor(server);
  const key = (await server.admin.collection('sites').getOne(siteId)).public_key as string;
  const send = (i: number, session: string, events: object[]) =>
    visit(server, key, events, { ip: address(i), v: `v-${session}`, s: session, origin: 'https://health.example.com' });
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < 40; i++) {
    const events = [pageview(), exposure(broken), exposure(watched)];
    if (i % 2 === 0) events.push(pageError());
    // An error before the exposure does not count against the rule.
    if (i === 1) events.push(pageError(-30_000));
    writes.push(send(i, `exposed-session-${i}`, events));
  }
  for (let i = 0; i < 60; i++) writes.push(send(40 + i, `plain-session-${i}`, i === 0 ? [pageview(), pageError()] : [pageview()]));
  await Promise.all(writes);
}, 60_000);
afterAll(async () => server?.stop());

describe('POST /api/cro/evaluate-health', () => {
  it('refuses anonymous callers, viewers, a missing or unknown site, changing nothing', async () => {
    await expect(evaluate(server.anonymous(), { siteId })).rejects.toMatchObject({ status: 401 });
    await expect(evaluate(viewer.client, { siteId })).rejects.toMatchObject({
      status: 403,
      message: 'Only editors, admins and owners can run a health evaluation.',
    });
    await expect(evaluate(editor.client, {})).rejects.toMatchObject({ status: 400, message: 'The site id (siteId) is required.' });
    await expect(evaluate(editor.client, { siteId: 'nosuchsite12345' })).rejects.toMatchObject({ status: 404 });
    const stranger = await server.createUser();
    await expect(evaluate(stranger.client, { siteId })).rejects.toMatchObject({ status: 404 });
    expect((await server.admin.collection('optimization_health_metrics').getList(1, 1)).totalItems).toBe(0);
  });

  it('writes metrics, rolls back the rule that allows it, flags the one that does not', async () => {
    const result = await evaluate(editor.client, { siteId });
    const byId = Object.fromEntries(result.rules.map((r: { ruleId: string }) => [r.ruleId, r]));
    expect(byId[broken]).toMatchObject({
      status: 'disabled',
      rolledBack: true,
      telemetry: { exposedSessions: 40, exposedErrorSessions: 20, unexposedSessions: 60, unexposedErrorSessions: 1 },
    });
    expect(byId[watched]).toMatchObject({ status: 'critical', rolledBack: false });
    expect(byId[quiet]).toMatchObject({ status: 'healthy', rolledBack: false, metricsWritten: false });
    expect(result.siteHealth).toBe('critical');

    // Metrics: value as a percent, the exceeded flag against the site's 5% threshold.
    const metrics = await owner.client
      .collection('optimization_health_metrics')
      .getFullList({ filter: `rule_id = "${broken}"`, sort: 'metric_type' });
    expect(metrics.map((m) => [m.metric_type, m.value, m.threshold_exceeded])).toEqual([
      ['apply_failure_rate', 0, false],
      ['conversion_delta', 0, false],
      ['error_rate', 50, true],
    ]);
    expect(metrics.find((m) => m.metric_type === 'error_rate')!.details).toMatchObject({
      unexposed_rate: 1.67,
      increase_points: 48.33,
      threshold: 5,
    });

    // The rollback: rule disabled with its previous rollout, record, audit entry, notification.
    const rule = await owner.client.collection('optimization_rules').getOne(broken);
    expect(rule).toMatchObject({ enabled: false, health_status: 'disabled', rollout_percentage: 50 });
    const reason =
      'Automatic rollback: Error rate 50% of 40 exposed sessions vs 1.67% of 60 unexposed (+48.33 points) exceeded the 5% error threshold';
    const rollbacks = await owner.client.collection('optimization_rollbacks').getFullList({ filter: `rule_id = "${broken}"` });
    expect(rollbacks).toHaveLength(1);
    expect(rollbacks[0]).toMatchObject({
      rollback_type: 'automatic',
      trigger_reason: reason,
      details: { metrics: { error_rate: 50 }, restored: { rollout_percentage: 50 } },
    });
    const auditEntries = await owner.client
      .collection('optimization_audit_log')
      .getFullList({ filter: `rule_id = "${broken}" && action = "rolled_back"` });
    expect(auditEntries).toHaveLength(1);
    expect(auditEntries[0]).toMatchObject({ reason, changes: { enabled: false, rollout_percentage: 50 } });
    const notes = await owner.client.collection('notifications').getFullList({ sort: 'created_at' });
    expect(notes.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Optimization rolled back automatically', 'Optimization health critical']),
    );
    expect(notes.find((n) => n.title === 'Optimization rolled back automatically')!.message).toBe(
      `Broken copy on health.example.com: ${reason}`,
    );

    // The rule without automatic rollback stays on, critical; the site shows critical.
    expect(await owner.client.collection('optimization_rules').getOne(watched)).toMatchObject({ enabled: true, health_status: 'critical' });
    expect((await owner.client.collection('sites').getOne(siteId)).health_status).toBe('critical');
  });

  it('writes no duplicate metrics without new telemetry, and recovers when the errors stop', async () => {
    const before = (await server.admin.collection('optimization_health_metrics').getFullList()).length;
    const again = await evaluate(server.admin, { siteId });
    expect(again.rules.map((r: { ruleId: string }) => r.ruleId).sort()).toEqual([quiet, watched].sort());
    expect((await server.admin.collection('optimization_health_metrics').getFullList()).length).toBe(before);

    // Turning automatic rollback on for the critical rule rolls it back on the next evaluation.
    await owner.client.collection('optimization_rules').update(watched, { auto_rollback_enabled: true });
    const third = await evaluate(owner.client, { siteId });
    expect(third.rules.find((r: { ruleId: string }) => r.ruleId === watched)).toMatchObject({ rolledBack: true });
    expect(third.siteHealth).toBe('warning'); // nothing critical left on, but a rollback needs a look
    expect((await owner.client.collection('optimization_rollbacks').getFullList()).map((r) => r.rollback_type)).toEqual([
      'automatic',
      'automatic',
    ]);
  });
});

describe('scheduled health evaluation', () => {
  it('is a cron job every minute by default that evaluates every site with enabled rules, and "off" removes it', async () => {
    expect((await server.admin.send('/api/crons', {})).map((j: { id: string }) => j.id)).not.toContain('optimization_health');
    const scheduled = await startPocketBase({ env: { CRO_HEALTH_CRON: '' } });
    try {
      const jobs = await scheduled.admin.send('/api/crons', {});
      expect(jobs).toEqual(expect.arrayContaining([{ id: 'optimization_health', expression: '*/1 * * * *' }]));
      const user = await scheduled.createUser();
      const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: 'cron.example.com' });
      await scheduled.admin.collection('sites').update(site.id, { plan_tier: 'growth', error_threshold_percentage: 5 });
      const rule = await user.client.collection('optimization_rules').create({
        site_id: site.id,
        name: 'Cron copy',
        rule_type: 'cta_text',
        ...CHANGE,
        enabled: true,
        rollout_percentage: 100,
        auto_rollback_enabled: true,
      });
      await trustForwardedFor(scheduled);
      const send = (i: number, session: string, events: object[]) =>
        visit(scheduled, site.public_key, events, { ip: address(i), v: `v-${session}`, s: session, origin: 'https://cron.example.com' });
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 30; i++) writes.push(send(i, `cron-exposed-${i}`, [pageview(), exposure(rule.id), pageError()]));
      for (let i = 0; i < 30; i++) writes.push(send(30 + i, `cron-plain-${i}`, [pageview()]));
      await Promise.all(writes);

      await scheduled.admin.send('/api/crons/optimization_health', { method: 'POST' }); // run the job now
      await expect
        .poll(async () => (await scheduled.admin.collection('optimization_rules').getOne(rule.id)).enabled, { timeout: 10_000 })
        .toBe(false);
      expect(await scheduled.admin.collection('optimization_rollbacks').getFullList({ filter: `rule_id = "${rule.id}"` })).toHaveLength(1);
    } finally {
      await scheduled.stop();
    }
  }, 60_000);
});

describe('health metrics retention', () => {
  it('a daily job deletes metrics older than the event retention and keeps newer ones', async () => {
    // 0.00003 days is 2.6 seconds: long enough to tell an old metric from a new one.
    const short = await startPocketBase({ env: { CRO_EVENT_RETENTION_DAYS: '0.00003' } });
    try {
      const jobs = await short.admin.send('/api/crons', {});
      expect(jobs).toEqual(expect.arrayContaining([{ id: 'optimization_health_retention', expression: '27 3 * * *' }]));
      const user = await short.createUser();
      const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: 'retention.example.com' });
      await short.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
      const rule = await user.client
        .collection('optimization_rules')
        .create({ site_id: site.id, name: 'Old copy', rule_type: 'cta_text', ...CHANGE, enabled: true, rollout_percentage: 100 });
      const metric = (value: number) =>
        short.admin
          .collection('optimization_health_metrics')
          .create({ site_id: site.id, rule_id: rule.id, metric_type: 'error_rate', value, threshold_exceeded: false });
      const old = await metric(1);
      await new Promise((r) => setTimeout(r, 3_000));
      const fresh = await metric(2);
      await short.admin.send('/api/crons/optimization_health_retention', { method: 'POST' });
      await expect
        .poll(async () => (await short.admin.collection('optimization_health_metrics').getFullList()).map((m) => m.id), { timeout: 10_000 })
        .toEqual([fresh.id]);
      expect(old.id).not.toBe(fresh.id);
    } finally {
      await short.stop();
    }
  }, 60_000);
});
