// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Click map days, kept by the event store (pocketbase/analytics/click_days.go): once a UTC day is
// over and its dead clicks are settled (an hour and a dead-click window later), a page's clicks
// of one device class that day never change, so a click map reads one row per closed day instead
// of every click again. click_late notes the oldest late event a site received since, which
// undoes the days it may change. Plain tables, not collections: only the event store reads them.
migrate(
  (app) => {
    app
      .db()
      .newQuery(
        `CREATE TABLE IF NOT EXISTS click_days (site_id TEXT NOT NULL, path TEXT NOT NULL, viewport TEXT NOT NULL,
          day TEXT NOT NULL, cells BLOB NOT NULL, PRIMARY KEY (site_id, path, viewport, day)) WITHOUT ROWID`,
      )
      .execute();
    app.db().newQuery('CREATE TABLE IF NOT EXISTS click_late (site_id TEXT PRIMARY KEY, since TEXT NOT NULL) WITHOUT ROWID').execute();
  },
  (app) => {
    app.db().newQuery('DROP TABLE IF EXISTS click_days').execute();
    app.db().newQuery('DROP TABLE IF EXISTS click_late').execute();
  },
);
