// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Who invited a member is the server's record of the invite (team.pb.js sets it on create): no
// admin may write it, on create or on update.
const GUARD = '@request.body.invited_by:isset = false';

migrate(
  (app) => {
    const c = app.findCollectionByNameOrId('site_members');
    c.createRule = `${c.createRule} && ${GUARD}`;
    c.updateRule = `${c.updateRule} && ${GUARD}`;
    app.save(c);
  },
  (app) => {
    const c = app.findCollectionByNameOrId('site_members');
    c.createRule = c.createRule.replace(` && ${GUARD}`, '');
    c.updateRule = c.updateRule.replace(` && ${GUARD}`, '');
    app.save(c);
  },
);
