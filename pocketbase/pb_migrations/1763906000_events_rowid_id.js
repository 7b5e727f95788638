// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Storage (issue 32): a raw event's id is its rowid. The 15-character text primary key cost every
// event about 40 bytes (the id in the row and the automatic unique index beside it); an
// `INTEGER PRIMARY KEY` is the table's own key and costs neither. The writer lets SQLite number
// events (in insertion order, which the conversion feed's rowid cursor already relies on); the
// record API still reads and creates events (an id it generates is a 12-digit number). PocketBase
// never rewrites a column's type, so the table is rebuilt here, keeping every row's rowid as its id.
migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    rebuild(app, /`id` TEXT PRIMARY KEY[^,]*/, '`id` INTEGER PRIMARY KEY NOT NULL', 'rowid');
    const id = /** @type {any} */ (events.fields.getByName('id'));
    id.pattern = '^[0-9]+$';
    id.autogeneratePattern = '[1-9][0-9]{11}';
    id.min = 1;
    id.max = 19;
    app.save(events); // the fields changed: PocketBase recreates the collection's indexes
  },
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    rebuild(
      app,
      /`id` INTEGER PRIMARY KEY[^,]*/,
      "`id` TEXT PRIMARY KEY DEFAULT ('r'||lower(hex(randomblob(7)))) NOT NULL",
      "printf('%015d', rowid)",
    );
    const id = /** @type {any} */ (events.fields.getByName('id'));
    id.pattern = '^[a-z0-9]+$';
    id.autogeneratePattern = '[a-z0-9]{15}';
    id.min = 15;
    id.max = 15;
    app.save(events);
  },
);

/**
 * Copies `events` into a table whose id column is declared `to` instead of `from`, ids from `idExpr`.
 * @param {Parameters<Parameters<typeof migrate>[0]>[0]} app
 * @param {RegExp} from
 * @param {string} to
 * @param {string} idExpr
 */
function rebuild(app, from, to, idExpr) {
  const row = new DynamicModel({ sql: '' });
  app.db().newQuery("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").one(row);
  if (!from.test(row.sql)) throw new Error('events: unexpected id column in ' + row.sql);
  const ddl = row.sql.replace(from, to).replace(/^CREATE TABLE [`"]?events[`"]?/, 'CREATE TABLE `events_rebuilt`');
  const cols = arrayOf(new DynamicModel({ name: '' }));
  app.db().newQuery("SELECT name FROM pragma_table_info('events') WHERE name <> 'id'").all(cols);
  const list = cols.map((c) => '`' + c.name + '`').join(', ');
  app.db().newQuery(ddl).execute();
  app
    .db()
    .newQuery('INSERT INTO `events_rebuilt` (`id`, ' + list + ') SELECT ' + idExpr + ', ' + list + ' FROM `events` ORDER BY rowid')
    .execute();
  app.db().newQuery('DROP TABLE `events`').execute();
  app.db().newQuery('ALTER TABLE `events_rebuilt` RENAME TO `events`').execute();
}
