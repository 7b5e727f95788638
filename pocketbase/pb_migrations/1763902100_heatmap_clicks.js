// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Heatmaps and click maps from raw events: a click keeps where it landed in the clicked element's
// box (offset_x, offset_y: fractions of its width and height), and clicks and page leaves keep the
// layout's device class (viewport: desktop, tablet or mobile, from the viewport's width, else from
// the user agent). Partial covering indexes by page, device class and time let a heatmap read only
// its page's clicks and leaves, and one of page views by session tells a dead click (nothing
// followed it) in one seek (pocketbase/analytics/sqlite_clickmap.go).
migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.fields.add(new NumberField({ name: 'offset_x', min: 0, max: 1 }));
    events.fields.add(new NumberField({ name: 'offset_y', min: 0, max: 1 }));
    events.fields.add(new TextField({ name: 'viewport', max: 10 }));
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat([
        "CREATE INDEX idx_events_site_click_page ON events (site_id, path, viewport, ts, session, selector, offset_x, offset_y, name) WHERE type = 'click'",
        "CREATE INDEX idx_events_site_leave_page ON events (site_id, path, viewport, ts, x) WHERE type = 'leave'",
        "CREATE INDEX idx_events_site_session_pageviews ON events (site_id, session, ts) WHERE type = 'pageview'",
      ])
    );
    app.save(events);
    // Events stored before: their device class is the user agent's.
    app.db().newQuery("UPDATE events SET viewport = device_type WHERE type IN ('click', 'leave')").execute();
  },
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.filter(
        (i) =>
          i.indexOf('idx_events_site_click_page') < 0 &&
          i.indexOf('idx_events_site_leave_page') < 0 &&
          i.indexOf('idx_events_site_session_pageviews') < 0,
      )
    );
    for (const name of ['offset_x', 'offset_y', 'viewport']) events.fields.removeByName(name);
    app.save(events);
  },
);
