// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Audiences: a saved, named set of conditions on the visitor (src/lib/contracts/audience.ts) per
// site, which rules and A/B tests target. Site-scoped like rules: members read, editors write
// (pb_hooks/audiences.pb.js validates and writes the audit entries). A rule targeted to an
// audience is a personalization: `holdout_percentage` of the audience keeps seeing the original,
// so that its effect can be measured against them.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const c = new Collection({
      type: 'base',
      name: 'audiences',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: EDITOR,
      updateRule: `${EDITOR} && ${KEEP_SITE}`,
      deleteRule: EDITOR,
    });
    for (const f of [
      new RelationField({ name: 'site_id', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true }),
      new TextField({ name: 'name', required: true, max: 100 }),
      new SelectField({ name: 'match', values: ['all', 'any'], maxSelect: 1, required: true }),
      new JSONField({ name: 'conditions', maxSize: 100000 }),
      new AutodateField({ name: 'created_at', onCreate: true, onUpdate: false }),
      new AutodateField({ name: 'updated_at', onCreate: true, onUpdate: true }),
    ])
      c.fields.add(f);
    c.indexes = /** @type {types.JSONArray<string>} */ (['CREATE INDEX idx_audiences_site ON audiences (site_id, created_at)']);
    app.save(c);

    const rules = app.findCollectionByNameOrId('optimization_rules');
    rules.fields.add(new RelationField({ name: 'audience', collectionId: c.id, maxSelect: 1, cascadeDelete: false }));
    rules.fields.add(new NumberField({ name: 'holdout_percentage', onlyInt: true, min: 0, max: 50 }));
    app.save(rules);
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(new RelationField({ name: 'audience', collectionId: c.id, maxSelect: 1, cascadeDelete: false }));
    app.save(experiments);
    // A personalization's held-out visitors (events of type holdout_exposure), read per rule by
    // its measured effect (pocketbase/personalization).
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat([
        "CREATE INDEX idx_events_site_rule_holdout ON events (site_id, rule, visitor, ts) WHERE type = 'holdout_exposure'",
      ])
    );
    app.save(events);
    const audit = app.findCollectionByNameOrId('optimization_audit_log');
    audit.fields.add(new RelationField({ name: 'audience_id', collectionId: c.id, maxSelect: 1, cascadeDelete: false }));
    app.save(audit);
  },
  (app) => {
    for (const [name, field] of [
      ['optimization_rules', 'audience'],
      ['optimization_rules', 'holdout_percentage'],
      ['experiments', 'audience'],
      ['optimization_audit_log', 'audience_id'],
    ]) {
      const col = app.findCollectionByNameOrId(name);
      col.fields.removeByName(field);
      app.save(col);
    }
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (events.indexes.filter((i) => i.indexOf('idx_events_site_rule_holdout') < 0));
    app.save(events);
    app.delete(app.findCollectionByNameOrId('audiences'));
  },
);
