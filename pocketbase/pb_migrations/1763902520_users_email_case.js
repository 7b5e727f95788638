// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Issue 30, finding 10: addresses that differ only in letter case were two accounts sharing one
// failed-sign-in counter. One account per address, whatever the case: stored addresses become
// lower case (ASCII letters, as SQLite's NOCASE folds them), and the unique index on email is
// COLLATE NOCASE, which PocketBase reads to look addresses up without case everywhere (sign-in,
// password reset, verification, email change). pb_hooks/email_case.pb.js lower-cases new ones.
//
// Existing accounts whose addresses differ only in case cannot be merged safely here (sites,
// memberships and notifications hang on each), so the migration refuses to run and names them:
// keep one account per address (in the admin UI of the version before this one, delete the others
// or change their address), then start the server again. Nothing is changed until then.
migrate(
  (app) => {
    const dupes = arrayOf(new DynamicModel({ address: '', ids: '' }));
    app
      .db()
      .newQuery(
        "SELECT lower(email) AS address, group_concat(id, ', ') AS ids FROM users WHERE email != '' GROUP BY lower(email) HAVING count(*) > 1 ORDER BY address",
      )
      .all(dupes);
    if (dupes.length > 0) {
      throw new Error(
        'users: these addresses belong to more than one account when letter case is ignored, and sign-in now ignores case: ' +
          dupes.map((d) => `${d.address} (accounts ${d.ids})`).join('; ') +
          '. Keep one account per address (delete the others or change their address in the admin UI of the previous version), then start the server again.',
      );
    }
    app.db().newQuery('UPDATE users SET email = lower(email) WHERE email != lower(email)').execute();
    setEmailIndex(app, true);
  },
  (app) => setEmailIndex(app, false),
);

/** Replaces the users collection's unique email index with one that ignores case, or back. */
function setEmailIndex(app, nocase) {
  const users = app.findCollectionByNameOrId('users');
  const column = nocase ? '`email` COLLATE NOCASE' : '`email`';
  users.indexes = /** @type {types.JSONArray<string>} */ (
    users.indexes.map((i) => {
      const m = /^CREATE UNIQUE INDEX `?(\w+)`? ON `?users`? \(\s*`?email`?(\s+COLLATE\s+NOCASE)?\s*\)(.*)$/i.exec(i);
      return m ? `CREATE UNIQUE INDEX \`${m[1]}\` ON \`users\` (${column})${m[3]}` : i;
    })
  );
  app.save(users);
}
