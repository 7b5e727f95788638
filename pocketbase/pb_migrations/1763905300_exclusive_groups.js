// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Mutually exclusive groups and the global holdout (issue 34 item 7). A group (site-scoped like
// audiences: members read, editors write; pb_hooks/experiment_groups.pb.js validates and audits)
// has a server-set seed that places each visitor in one slot of its namespace; each experiment
// in it holds a disjoint `group_range` of that namespace, set by the server when it joins. The
// site's `holdout_percentage` (0-20, owners and admins, a site setting) of tracked visitors sees
// no rule and no test.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const c = new Collection({
      type: 'base',
      name: 'experiment_groups',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: EDITOR,
      updateRule: `${EDITOR} && ${KEEP_SITE}`,
      deleteRule: EDITOR,
    });
    for (const f of [
      new RelationField({ name: 'site_id', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true }),
      new TextField({ name: 'name', required: true, max: 80 }),
      new TextField({ name: 'seed', max: 40 }),
      new AutodateField({ name: 'created_at', onCreate: true, onUpdate: false }),
      new AutodateField({ name: 'updated_at', onCreate: true, onUpdate: true }),
    ])
      c.fields.add(f);
    c.indexes = /** @type {types.JSONArray<string>} */ ([
      'CREATE INDEX idx_experiment_groups_site ON experiment_groups (site_id, created_at)',
    ]);
    app.save(c);

    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(new RelationField({ name: 'exclusion_group', collectionId: c.id, maxSelect: 1, cascadeDelete: false }));
    experiments.fields.add(new JSONField({ name: 'group_range', maxSize: 200 }));
    app.save(experiments);
    sites.fields.add(new NumberField({ name: 'holdout_percentage', onlyInt: true, min: 0, max: 20 }));
    app.save(sites);
    const audit = app.findCollectionByNameOrId('optimization_audit_log');
    audit.fields.add(new RelationField({ name: 'group_id', collectionId: c.id, maxSelect: 1, cascadeDelete: false }));
    app.save(audit);
  },
  (app) => {
    for (const [name, field] of [
      ['experiments', 'exclusion_group'],
      ['experiments', 'group_range'],
      ['sites', 'holdout_percentage'],
      ['optimization_audit_log', 'group_id'],
    ]) {
      const col = app.findCollectionByNameOrId(name);
      col.fields.removeByName(field);
      app.save(col);
    }
    app.delete(app.findCollectionByNameOrId('experiment_groups'));
  },
);
