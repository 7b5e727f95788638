// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Frustration signals (pocketbase/frustration): one row per analytics session with any page view,
// computed once in the background from the events already stored (rage, dead and error clicks,
// quick backs, excessive scrolling, a 0-100 score, each signal's time and page for the player's
// timeline), and the same figures on the session's recording row so that the recordings list
// filters and sorts by them without a join. Written by the server only (no write rules).
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const counts = ['rage_clicks', 'dead_clicks', 'error_clicks', 'quick_backs', 'excessive_scrolls', 'frustration_score'];
    const c = new Collection({ type: 'base', name: 'session_frustration', listRule: MEMBER, viewRule: MEMBER });
    c.fields.add(new RelationField({ name: 'site_id', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true }));
    c.fields.add(new TextField({ name: 'session_id', max: 64, required: true }));
    c.fields.add(new DateField({ name: 'started_at', required: true }));
    for (const name of counts) c.fields.add(new NumberField({ name, min: 0, onlyInt: true }));
    // The paths where a signal happened (the Overview's most frustrated pages) and each signal.
    c.fields.add(new JSONField({ name: 'frustrated_pages', maxSize: 20000 }));
    c.fields.add(new JSONField({ name: 'signals', maxSize: 50000 }));
    c.indexes = /** @type {types.JSONArray<string>} */ ([
      'CREATE UNIQUE INDEX idx_session_frustration_site_session ON session_frustration (site_id, session_id)',
      'CREATE INDEX idx_session_frustration_site_started ON session_frustration (site_id, started_at)',
    ]);
    app.save(c);

    const recordings = app.findCollectionByNameOrId('session_recordings');
    for (const name of ['error_clicks', 'quick_backs', 'excessive_scrolls', 'frustration_score']) {
      recordings.fields.add(new NumberField({ name, min: 0, onlyInt: true }));
    }
    recordings.fields.add(new TextField({ name: 'source', max: 200 }));
    recordings.fields.add(new JSONField({ name: 'signals', maxSize: 50000 }));
    recordings.indexes = /** @type {types.JSONArray<string>} */ (
      recordings.indexes.concat(['CREATE INDEX idx_session_recordings_site_score ON session_recordings (site_id, frustration_score)'])
    );
    app.save(recordings);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('session_frustration'));
    const recordings = app.findCollectionByNameOrId('session_recordings');
    for (const name of ['error_clicks', 'quick_backs', 'excessive_scrolls', 'frustration_score', 'source', 'signals']) {
      recordings.fields.removeByName(name);
    }
    recordings.indexes = /** @type {types.JSONArray<string>} */ (
      recordings.indexes.filter((i) => !i.includes('idx_session_recordings_site_score'))
    );
    app.save(recordings);
  },
);
