// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Ingest speed and storage (issue 32): an index no query needs is dropped. Each index the event
// path keeps and the query that needs it are listed in ARCHITECTURE.md (the path of an event).
// idx_sessions_site_id (site_id) is redundant with (site_id, started_at), (site_id, session_key)
// and (site_id, visitor, started_at), which answer every `site_id = ?` lookup as well; it cost one
// index entry per session written.
migrate(
  (app) => {
    const sessions = app.findCollectionByNameOrId('sessions');
    sessions.indexes = /** @type {types.JSONArray<string>} */ (sessions.indexes.filter((i) => !/idx_sessions_site_id`? ON/.test(i)));
    app.save(sessions);
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId('sessions');
    sessions.indexes = /** @type {types.JSONArray<string>} */ (
      sessions.indexes.concat(['CREATE INDEX idx_sessions_site_id ON sessions (site_id)'])
    );
    app.save(sessions);
  },
);
