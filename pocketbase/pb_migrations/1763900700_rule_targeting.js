// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Optimization rules target pages and elements and carry their changes; audit entries keep the
// previous values so that a manual rollback can restore them.
migrate(
  (app) => {
    const rules = app.findCollectionByNameOrId('optimization_rules');
    rules.fields.add(new TextField({ name: 'description', max: 2000 }));
    rules.fields.add(new TextField({ name: 'url_pattern', max: 500 }));
    rules.fields.add(new TextField({ name: 'selector', max: 1000 }));
    rules.fields.add(new JSONField({ name: 'changes', maxSize: 200000 }));
    // Assignment seed: set by the server, stable for the rule's life.
    rules.fields.add(new TextField({ name: 'seed', max: 64 }));
    const serverOnly = '@request.body.health_status:isset = false && @request.body.seed:isset = false';
    rules.createRule = rules.createRule.replace('@request.body.health_status:isset = false', serverOnly);
    rules.updateRule = rules.updateRule.replace('@request.body.health_status:isset = false', serverOnly);
    app.save(rules);

    const audit = app.findCollectionByNameOrId('optimization_audit_log');
    audit.fields.add(new JSONField({ name: 'previous', maxSize: 200000 }));
    app.save(audit);
  },
  (app) => {
    const rules = app.findCollectionByNameOrId('optimization_rules');
    for (const f of ['description', 'url_pattern', 'selector', 'changes', 'seed']) rules.fields.removeByName(f);
    rules.createRule = rules.createRule.replace(' && @request.body.seed:isset = false', '');
    rules.updateRule = rules.updateRule.replace(' && @request.body.seed:isset = false', '');
    app.save(rules);
    const audit = app.findCollectionByNameOrId('optimization_audit_log');
    audit.fields.removeByName('previous');
    app.save(audit);
  },
);
