// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Guardrails that pause A/B tests and the automated hits the collect endpoint filters:
// - rollbacks and audit entries may name an experiment (an automatic pause is recorded like a
//   rule's rollback, in the same collections the Safety screen lists);
// - the guardrail evaluation counts each exposed visitor's page errors since the exposure, through a
//   partial index that holds only error rows;
// - analytics_daily counts the hits filtered as automated per site and day (`bot_hits`).
migrate(
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    for (const name of ['optimization_rollbacks', 'optimization_audit_log']) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.add(new RelationField({ name: 'experiment_id', collectionId: experiments.id, maxSelect: 1, cascadeDelete: false }));
      app.save(c);
    }
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat(["CREATE INDEX idx_events_site_visitor_errors ON events (site_id, visitor, ts) WHERE type = 'error'"])
    );
    app.save(events);
    const daily = app.findCollectionByNameOrId('analytics_daily');
    daily.fields.add(new NumberField({ name: 'bot_hits' }));
    app.save(daily);
  },
  (app) => {
    for (const name of ['optimization_rollbacks', 'optimization_audit_log']) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.removeByName('experiment_id');
      app.save(c);
    }
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (events.indexes.filter((i) => i.indexOf('idx_events_site_visitor_errors') < 0));
    app.save(events);
    const daily = app.findCollectionByNameOrId('analytics_daily');
    daily.fields.removeByName('bot_hits');
    app.save(daily);
  },
);
