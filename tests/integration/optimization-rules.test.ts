import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, siteId: string;
beforeAll(async () => {
  ({ server, owner, editor, viewer, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer'],
    site: 'rules.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
});
afterAll(async () => server?.stop());

const CTA = {
  rule_type: 'cta_text',
  name: 'Checkout button copy',
  url_pattern: '/checkout*',
  selector: '#pay',
  changes: [{ type: 'set_text', value: 'Complete secure checkout' }],
};

describe('optimization rules', () => {
  it('a free site cannot deploy (enable) a rule, but may draft one', async () => {
    const rules = editor.client.collection('optimization_rules');
    await expect(rules.create({ site_id: siteId, ...CTA, enabled: true, rollout_percentage: 100 })).rejects.toMatchObject({
      status: 403,
      message: 'Deploying optimizations requires a paid plan. Upgrade at /pricing.',
    });
    const draft = await rules.create({ site_id: siteId, ...CTA, enabled: false, rollout_percentage: 100 });
    await expect(rules.update(draft.id, { enabled: true })).rejects.toMatchObject({ status: 403 });
    expect((await server.admin.collection('optimization_rules').getOne(draft.id)).enabled).toBe(false);
  });

  it('refuses invalid changes and rollouts off the 5-step grid, storing nothing', async () => {
    const rules = editor.client.collection('optimization_rules');
    const before = (await server.admin.collection('optimization_rules').getFullList()).length;
    await expect(
      rules.create({ site_id: siteId, ...CTA, changes: [{ type: 'set_attribute', name: 'onclick', value: 'x()' }] }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Change 1 may not set the onclick attribute.',
    });
    await expect(rules.create({ site_id: siteId, ...CTA, rollout_percentage: 52 })).rejects.toMatchObject({ status: 400 });
    expect((await server.admin.collection('optimization_rules').getFullList()).length).toBe(before);
  });

  describe('on a paid site', () => {
    let ruleId: string;
    beforeAll(async () => {
      await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
      const rule = await editor.client
        .collection('optimization_rules')
        .create({ site_id: siteId, ...CTA, enabled: true, rollout_percentage: 20 });
      ruleId = rule.id;
      expect(rule.seed).toMatch(/^\w{16}$/);
    });

    it('writes an audit entry with its reason after each update, with previous values', async () => {
      const rules = owner.client.collection('optimization_rules');
      await rules.update(ruleId, { rollout_percentage: 50 });
      await rules.update(ruleId, { testing_mode: true });
      const log = await owner.client
        .collection('optimization_audit_log')
        .getFullList({ filter: `rule_id = "${ruleId}"`, sort: '-created_at,-id' });
      const updates = log.filter((l) => l.action === 'updated');
      expect(updates.map((l) => [l.reason, l.changes, l.previous])).toEqual(
        expect.arrayContaining([
          ['Rollout percentage changed to 50%', { rollout_percentage: 50 }, { rollout_percentage: 20 }],
          ['User enabled testing_mode', { testing_mode: true }, { testing_mode: false }],
        ]),
      );
      expect(log.some((l) => l.action === 'created')).toBe(true);
      // Nobody can forge an audit entry.
      await expect(owner.client.collection('optimization_audit_log').create({ site_id: siteId, action: 'updated' })).rejects.toMatchObject({
        status: 403,
      });
    });

    it('a viewer cannot roll back; an editor can, restoring the previous settings', async () => {
      const body = { siteId, ruleId, reason: 'Manual rollback requested by user' };
      await expect(viewer.client.send('/api/cro/rollback-optimization', { method: 'POST', body })).rejects.toMatchObject({ status: 403 });

      const res = await editor.client.send('/api/cro/rollback-optimization', { method: 'POST', body });
      expect(res).toMatchObject({ success: true, restored: { testing_mode: false } });

      const rule = await server.admin.collection('optimization_rules').getOne(ruleId);
      expect(rule).toMatchObject({ enabled: false, testing_mode: false, rollout_percentage: 50, health_status: 'disabled' });
      const rollbacks = await owner.client.collection('optimization_rollbacks').getFullList({ filter: `site_id = "${siteId}"` });
      expect(rollbacks.map((r) => [r.rollback_type, r.trigger_reason])).toEqual([['manual', 'Manual rollback requested by user']]);
      const audit = await owner.client
        .collection('optimization_audit_log')
        .getFirstListItem(`rule_id = "${ruleId}" && action = "rolled_back"`);
      expect(audit.reason).toBe('Manual rollback requested by user');
      const notes = await owner.client.collection('notifications').getFullList();
      expect(notes.map((n) => n.title)).toContain('Optimization rolled back');
    });

    it('refuses to roll back a rule that is not active, or one of another site', async () => {
      await expect(
        editor.client.send('/api/cro/rollback-optimization', { method: 'POST', body: { siteId, ruleId, reason: 'again' } }),
      ).rejects.toMatchObject({ status: 400, message: 'This optimization is not active.' });
      const stranger = await server.createUser();
      await expect(
        stranger.client.send('/api/cro/rollback-optimization', { method: 'POST', body: { siteId, ruleId } }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        server.anonymous().send('/api/cro/rollback-optimization', { method: 'POST', body: { siteId, ruleId } }),
      ).rejects.toMatchObject({
        status: 401,
      });
    });
  });
});
