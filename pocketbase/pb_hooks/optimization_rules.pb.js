// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Optimization rules: validation, plan gating of deployment, server-written audit entries.

onRecordCreateRequest((e) => {
  const lib = require(`${__hooks}/lib/generated/domain.js`);
  const jsonField = require(`${__hooks}/lib/json_field.js`);
  const r = e.record;
  const changes = lib.validateRuleChanges(jsonField(r, 'changes') || [], r.getString('selector'));
  if (changes.ok === false) throw new BadRequestError(changes.error);
  r.set('changes', changes.changes);
  if (!lib.isValidRollout(r.getInt('rollout_percentage')))
    throw new BadRequestError('Rollout percentage must be between 0 and 100 in steps of 5.');
  // A personalization (a rule targeted to an audience) holds 10% of its audience out unless told.
  if (e.requestInfo().body.holdout_percentage === undefined) r.set('holdout_percentage', lib.DEFAULT_HOLDOUT_PERCENTAGE);
  require(`${__hooks}/lib/audience_check.js`).ruleTargeting(e, r);
  if (r.getBool('enabled') && !e.hasSuperuserAuth()) {
    const site = e.app.findRecordById('sites', r.getString('site_id'));
    if (!lib.can(site.getString('plan_tier'), 'deploy_optimization')) {
      throw new ForbiddenError('Deploying optimizations requires a paid plan. Upgrade at /pricing.');
    }
  }
  r.set('seed', $security.randomString(16));
  if (!r.getString('health_status')) r.set('health_status', 'healthy');
  e.next();
  const audit = require(`${__hooks}/lib/rule_audit.js`);
  audit.write(
    e.app,
    r,
    'created',
    { enabled: r.getBool('enabled'), rollout_percentage: r.getInt('rollout_percentage') },
    {},
    'Rule created',
    e.auth ? e.auth.id : '',
  );
}, 'optimization_rules');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/generated/domain.js`);
  const jsonField = require(`${__hooks}/lib/json_field.js`);
  const r = e.record;
  const old = r.original();
  if (jsonField(r, 'changes') != null) {
    const changes = lib.validateRuleChanges(jsonField(r, 'changes'), r.getString('selector'));
    if (changes.ok === false) throw new BadRequestError(changes.error);
    r.set('changes', changes.changes);
  }
  if (!lib.isValidRollout(r.getInt('rollout_percentage')))
    throw new BadRequestError('Rollout percentage must be between 0 and 100 in steps of 5.');
  require(`${__hooks}/lib/audience_check.js`).ruleTargeting(e, r);
  if (r.getBool('enabled') && !old.getBool('enabled') && !e.hasSuperuserAuth()) {
    const site = e.app.findRecordById('sites', r.getString('site_id'));
    if (!lib.can(site.getString('plan_tier'), 'deploy_optimization')) {
      throw new ForbiddenError('Deploying optimizations requires a paid plan. Upgrade at /pricing.');
    }
  }
  // A re-enabled rule starts healthy again.
  if (r.getBool('enabled') && !old.getBool('enabled') && r.getString('health_status') === 'disabled') r.set('health_status', 'healthy');

  const changed = {};
  const previous = {};
  const reasons = [];
  lib.AUDITED_RULE_FIELDS.forEach((field) => {
    const read = (rec) => (field === 'changes' ? jsonField(rec, field) : rec.get(field));
    const before = JSON.stringify(read(old));
    const after = JSON.stringify(read(r));
    if (before !== after) {
      changed[field] = JSON.parse(after);
      previous[field] = JSON.parse(before);
      reasons.push(lib.auditReason(field, changed[field]));
    }
  });
  e.next();
  if (reasons.length) {
    require(`${__hooks}/lib/rule_audit.js`).write(e.app, r, 'updated', changed, previous, reasons.join('; '), e.auth ? e.auth.id : '');
  }
}, 'optimization_rules');

onRecordDeleteRequest((e) => {
  const r = e.record;
  // The rule's audit trail outlives it: the entry points at the site, not the deleted rule.
  const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
  entry.set('site_id', r.getString('site_id'));
  entry.set('action', 'deleted');
  entry.set('changes', { rule_type: r.getString('rule_type'), name: r.getString('name') });
  entry.set('reason', 'Rule deleted');
  if (e.auth) entry.set('actor_id', e.auth.id);
  e.next();
  e.app.save(entry);
}, 'optimization_rules');

// Manual rollback of a rule: POST {siteId, ruleId, reason}.
routerAdd(
  'POST',
  '/api/cro/rollback-optimization',
  (e) => {
    const body = e.requestInfo().body || {};
    const siteId = String(body.siteId || '');
    const ruleId = String(body.ruleId || '');
    const reason = String(body.reason || 'Manual rollback requested by user').slice(0, 500);
    let rule;
    try {
      rule = e.app.findRecordById('optimization_rules', ruleId);
    } catch (_) {
      throw new NotFoundError('Optimization rule not found.');
    }
    if (rule.getString('site_id') !== siteId) throw new NotFoundError('Optimization rule not found.');
    require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, siteId, 'editor', {
      notFound: 'Optimization rule not found.',
      forbidden: 'Only editors, admins and owners can roll back optimizations.',
    });
    if (!rule.getBool('enabled')) throw new BadRequestError('This optimization is not active.');
    const restored = require(`${__hooks}/lib/rule_audit.js`).rollback(e.app, rule, 'manual', reason, e.auth.id, {});
    return e.json(200, { success: true, ruleId: rule.id, restored: restored });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
