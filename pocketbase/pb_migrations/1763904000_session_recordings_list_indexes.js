// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The Session Recordings list (GET /api/cro/sites/{siteId}/recordings) sorts by score, duration or
// rage clicks, newest first within each: one index per order so SQLite walks the site's rows in
// order and stops after a page, instead of sorting every match. Replaces (site_id, frustration_score).
const ADDED = ['frustration_score', 'duration_seconds', 'rage_clicks'].map(
  (c) => `CREATE INDEX idx_session_recordings_site_${c}_started ON session_recordings (site_id, ${c}, started_at)`,
);
const OLD = 'CREATE INDEX idx_session_recordings_site_score ON session_recordings (site_id, frustration_score)';
migrate(
  (app) => {
    const recordings = app.findCollectionByNameOrId('session_recordings');
    recordings.indexes = /** @type {types.JSONArray<string>} */ (
      recordings.indexes.filter((i) => !i.includes('idx_session_recordings_site_score')).concat(ADDED)
    );
    app.save(recordings);
  },
  (app) => {
    const recordings = app.findCollectionByNameOrId('session_recordings');
    recordings.indexes = /** @type {types.JSONArray<string>} */ (recordings.indexes.filter((i) => !ADDED.includes(i)).concat([OLD]));
    app.save(recordings);
  },
);
