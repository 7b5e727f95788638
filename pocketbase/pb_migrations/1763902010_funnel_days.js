// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Funnel attempts of closed days, kept by the event store (pocketbase/analytics/funnel_days.go):
// once a day's entrants can no longer reach another step (the day and the funnel's window are
// over), their attempts never change, so a funnel query reads one row per day instead of every
// step event again. funnel_late notes the oldest late event a site received since, which undoes
// the days it may change. Plain tables, not collections: nothing outside the event store reads them.
migrate(
  (app) => {
    app
      .db()
      .newQuery(
        `CREATE TABLE IF NOT EXISTS funnel_days (site_id TEXT NOT NULL, funnel_key TEXT NOT NULL, day TEXT NOT NULL,
          attempts BLOB NOT NULL, PRIMARY KEY (site_id, funnel_key, day)) WITHOUT ROWID`,
      )
      .execute();
    app.db().newQuery('CREATE TABLE IF NOT EXISTS funnel_late (site_id TEXT PRIMARY KEY, since TEXT NOT NULL) WITHOUT ROWID').execute();
  },
  (app) => {
    app.db().newQuery('DROP TABLE IF EXISTS funnel_days').execute();
    app.db().newQuery('DROP TABLE IF EXISTS funnel_late').execute();
  },
);
