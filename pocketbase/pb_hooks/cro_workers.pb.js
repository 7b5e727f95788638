// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// CRO Workers (Enterprise only, enforced here): list with stats, and switch a worker on or off.

routerAdd(
  'GET',
  '/api/cro/workers/{siteId}',
  (e) => {
    const workers = require(`${__hooks}/lib/cro_workers.js`);
    const site = workers.site(e, e.request.pathValue('siteId'), false);
    return e.json(200, workers.state(e.app, site));
  },
  $apis.requireAuth(),
  $apis.bodyLimit(4 << 10),
);

routerAdd(
  'POST',
  '/api/cro/workers/toggle',
  (e) => {
    const workers = require(`${__hooks}/lib/cro_workers.js`);
    const audit = require(`${__hooks}/lib/rule_audit.js`);
    const body = e.requestInfo().body || {};
    const site = workers.site(e, body.siteId, true);
    const def = workers.WORKERS.filter((w) => w.key === body.key)[0];
    if (!def) throw new BadRequestError('Unknown worker.');
    if (typeof body.enabled !== 'boolean') throw new BadRequestError('enabled must be true or false.');
    const type = 'worker_' + def.key;
    let rule;
    try {
      rule = e.app.findFirstRecordByFilter('optimization_rules', 'site_id = {:site} && rule_type = {:type}', { site: site.id, type: type });
    } catch (_) {
      rule = null;
    }
    const actor = e.auth ? e.auth.id : '';
    if (!rule) {
      if (!body.enabled) return e.json(200, workers.state(e.app, site));
      rule = new Record(e.app.findCollectionByNameOrId('optimization_rules'));
      rule.set('site_id', site.id);
      rule.set('name', def.name);
      rule.set('description', def.description);
      rule.set('rule_type', type);
      rule.set('url_pattern', def.rule.url_pattern);
      rule.set('selector', def.rule.selector);
      rule.set('changes', def.rule.changes);
      rule.set('priority', -10); // site rules first
      rule.set('rollout_percentage', 100);
      rule.set('auto_rollback_enabled', true);
      rule.set('health_status', 'healthy');
      rule.set('seed', $security.randomString(16));
      rule.set('enabled', true);
      e.app.save(rule);
      audit.write(e.app, rule, 'created', { enabled: true, rollout_percentage: 100 }, {}, `Worker ${def.name} enabled`, actor);
    } else if (rule.getBool('enabled') !== body.enabled) {
      rule.set('enabled', body.enabled);
      if (body.enabled) rule.set('health_status', 'healthy');
      e.app.save(rule);
      audit.write(
        e.app,
        rule,
        'updated',
        { enabled: body.enabled },
        { enabled: !body.enabled },
        `Worker ${def.name} ${body.enabled ? 'enabled' : 'disabled'}`,
        actor,
      );
    }
    return e.json(200, workers.state(e.app, site));
  },
  $apis.requireAuth(),
  $apis.bodyLimit(4 << 10),
);
