// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Storage (issue 32): a session's events are found by `(session)` alone instead of
// `(site_id, session)`, and its page views by `(session, ts)` instead of `(site_id, session, ts)`.
// A session key is a random id of one visit, so the site adds nothing to the seek. No query read
// the first index without its rows (each reads the event's type, time or path from the row, and
// checks site_id there); dead clicks read a row of the second only for a page view within seconds
// of a click. The site id cost every event 16 bytes in the first and every page view 16 in the
// second.
migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes
        .filter((i) => !/idx_events_site_id_session`? ON|idx_events_site_session_pageviews`? ON/.test(i))
        .concat([
          'CREATE INDEX idx_events_session ON events (session)',
          "CREATE INDEX idx_events_session_pageviews ON events (session, ts) WHERE type = 'pageview'",
        ])
    );
    app.save(events);
  },
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes
        .filter((i) => !/idx_events_session`? ON|idx_events_session_pageviews`? ON/.test(i))
        .concat([
          'CREATE INDEX idx_events_site_id_session ON events (site_id, session)',
          "CREATE INDEX idx_events_site_session_pageviews ON events (site_id, session, ts) WHERE type = 'pageview'",
        ])
    );
    app.save(events);
  },
);
