// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A micro goal is a funnel step like any goal: its completions are `micro_conversion` rows, read
// by goal through their own partial covering index, as conversions are
// (pocketbase/analytics/sqlite_funnels.go).
migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat([
        "CREATE INDEX idx_events_site_micro_goal_ts ON events (site_id, goal, ts, visitor, session) WHERE type = 'micro_conversion'",
      ])
    );
    app.save(events);
  },
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (events.indexes.filter((i) => i.indexOf('idx_events_site_micro_goal_ts') < 0));
    app.save(events);
  },
);
