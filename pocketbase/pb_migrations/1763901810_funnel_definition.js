// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Funnels computed from events: each funnel keeps its conversion window and step order beside its
// steps, and page views (by path) and conversions (by goal) get partial covering indexes, so a
// funnel reads only its steps' rows (pocketbase/analytics/sqlite_funnels.go).
migrate(
  (app) => {
    const funnels = app.findCollectionByNameOrId('funnels');
    funnels.fields.add(new NumberField({ name: 'window_days', min: 1, max: 90, onlyInt: true }));
    funnels.fields.add(new SelectField({ name: 'step_order', values: ['ordered', 'strict', 'any'], maxSelect: 1 }));
    app.save(funnels);

    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat([
        "CREATE INDEX idx_events_site_pageview_path_ts ON events (site_id, path, ts, visitor, session) WHERE type = 'pageview'",
        "CREATE INDEX idx_events_site_conversion_goal_ts ON events (site_id, goal, ts, visitor, session) WHERE type = 'conversion'",
      ])
    );
    app.save(events);
  },
  (app) => {
    const funnels = app.findCollectionByNameOrId('funnels');
    funnels.fields.removeByName('window_days');
    funnels.fields.removeByName('step_order');
    app.save(funnels);
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.filter((i) => i.indexOf('idx_events_site_pageview_path_ts') < 0 && i.indexOf('idx_events_site_conversion_goal_ts') < 0)
    );
    app.save(events);
  },
);
