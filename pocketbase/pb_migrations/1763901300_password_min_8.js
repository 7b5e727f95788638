// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Passwords of at least 8 characters on the server (the sign-up form still shows its 6-character
// floor; pb_hooks/password_policy.pb.js also refuses common passwords with a clearer message).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    /** @type {any} */ (users.fields.getByName('password')).min = 8;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    /** @type {any} */ (users.fields.getByName('password')).min = 6;
    app.save(users);
  },
);
