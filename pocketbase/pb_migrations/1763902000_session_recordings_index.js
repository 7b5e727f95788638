// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A recording's index row carries what the Session Replay list filters on (pages visited, clicks,
// rage and dead clicks, errors, converted) and what its stored chunks cost, so the list never opens
// a recording's events. One row per session: the server writes it (no create/update/delete rules).
migrate(
  (app) => {
    const recordings = app.findCollectionByNameOrId('session_recordings');
    recordings.fields.add(new TextField({ name: 'visitor_id', max: 64 }));
    recordings.fields.add(new DateField({ name: 'ended_at' }));
    recordings.fields.add(new JSONField({ name: 'pages', maxSize: 20000 }));
    for (const name of ['pages_count', 'clicks', 'rage_clicks', 'dead_clicks', 'errors', 'chunks', 'bytes']) {
      recordings.fields.add(new NumberField({ name, min: 0, onlyInt: true }));
    }
    recordings.fields.add(new BoolField({ name: 'converted' }));
    recordings.indexes = /** @type {types.JSONArray<string>} */ (
      recordings.indexes.concat(['CREATE UNIQUE INDEX idx_session_recordings_site_session ON session_recordings (site_id, session_id)'])
    );
    app.save(recordings);
  },
  (app) => {
    const recordings = app.findCollectionByNameOrId('session_recordings');
    for (const name of [
      'visitor_id',
      'ended_at',
      'pages',
      'pages_count',
      'clicks',
      'rage_clicks',
      'dead_clicks',
      'errors',
      'chunks',
      'bytes',
      'converted',
    ]) {
      recordings.fields.removeByName(name);
    }
    recordings.indexes = /** @type {types.JSONArray<string>} */ (
      recordings.indexes.filter((i) => i.indexOf('idx_session_recordings_site_session') < 0)
    );
    app.save(recordings);
  },
);
