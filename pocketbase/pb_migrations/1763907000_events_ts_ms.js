// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Storage (issue 32): a raw event's time `ts` is integer milliseconds since the epoch instead of
// the 24-character ISO text ('2026-11-26 10:00:00.000Z'). SQLite keeps such an integer in 6 bytes,
// in the row and in each index holding it ((site_id, ts), the page views' (session, ts) and the
// partial covering ones): about 40 bytes per event. Sessions, exposures and conversions keep ISO
// times (one row per visit or visitor, not per event); queries that compare them with an event's
// time convert in one place (analytics/writer.go's eventTime and msOfSQL). The record API still shows
// and accepts ISO times (analytics.go). PocketBase never changes a field's type, so the table is
// rebuilt here, keeping every row's rowid, and the field is declared a number in place.
migrate(
  (app) => {
    rebuild(
      app,
      /`ts` TEXT DEFAULT '' NOT NULL/,
      '`ts` NUMERIC DEFAULT 0 NOT NULL',
      'COALESCE(CAST(round((julianday(`ts`) - 2440587.5) * 86400000.0) AS INTEGER), 0)', // '' (never written by the server) is 0
      (f) => ({
        hidden: f.hidden,
        id: f.id,
        max: null,
        min: null,
        name: 'ts',
        onlyInt: true,
        presentable: false,
        required: true,
        system: false,
        type: 'number',
      }),
    );
  },
  (app) => {
    rebuild(
      app,
      /`ts` NUMERIC DEFAULT 0 NOT NULL/,
      "`ts` TEXT DEFAULT '' NOT NULL",
      "strftime('%Y-%m-%d %H:%M:%fZ', `ts` / 1000.0, 'unixepoch')",
      (f) => ({
        hidden: f.hidden,
        id: f.id,
        max: '',
        min: '',
        name: 'ts',
        presentable: false,
        required: true,
        system: false,
        type: 'date',
      }),
    );
  },
);

/**
 * Copies `events` into a table whose ts column is declared `to` instead of `from`, times from
 * `tsExpr`, rowids kept; declares the field as `field` gives it and recreates the indexes.
 * @param {Parameters<Parameters<typeof migrate>[0]>[0]} app
 * @param {RegExp} from
 * @param {string} to
 * @param {string} tsExpr
 * @param {(f: any) => any} field
 */
function rebuild(app, from, to, tsExpr, field) {
  const row = new DynamicModel({ sql: '' });
  app.db().newQuery("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").one(row);
  if (!from.test(row.sql)) throw new Error('events: unexpected ts column in ' + row.sql);
  const ddl = row.sql.replace(from, to).replace(/^CREATE TABLE [`"]?events[`"]?/, 'CREATE TABLE `events_rebuilt`');
  const cols = arrayOf(new DynamicModel({ name: '' }));
  app.db().newQuery("SELECT name FROM pragma_table_info('events') WHERE name NOT IN ('id', 'ts')").all(cols);
  const list = cols.map((c) => '`' + c.name + '`').join(', ');
  app.db().newQuery(ddl).execute();
  app
    .db()
    .newQuery(
      'INSERT INTO `events_rebuilt` (`id`, `ts`, ' + list + ') SELECT `id`, ' + tsExpr + ', ' + list + ' FROM `events` ORDER BY rowid',
    )
    .execute();
  app.db().newQuery('DROP TABLE `events`').execute();
  app.db().newQuery('ALTER TABLE `events_rebuilt` RENAME TO `events`').execute();

  const coll = new DynamicModel({ id: '', fields: '' });
  app.db().newQuery("SELECT id, fields FROM _collections WHERE name = 'events'").one(coll);
  const fields = JSON.parse(coll.fields).map((/** @type {any} */ f) => (f.name === 'ts' ? field(f) : f));
  app
    .db()
    .newQuery('UPDATE _collections SET fields = {:fields} WHERE id = {:id}')
    .bind({ fields: JSON.stringify(fields), id: coll.id })
    .execute();
  app.reloadCachedCollections();
  const events = app.findCollectionByNameOrId('events');
  for (const index of events.indexes) app.db().newQuery(index).execute();
}
