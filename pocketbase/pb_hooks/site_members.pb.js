// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Team membership: defaults for invitations and the access lists kept on the site.

onRecordCreate((e) => {
  const r = e.record;
  r.set('email', r.getString('email').trim().toLowerCase());
  if (!r.getString('status')) r.set('status', r.getString('user_id') ? 'active' : 'invited');
  if (r.getString('status') === 'invited' && !r.getString('token')) r.set('token', $security.randomString(40));
  e.next();
}, 'site_members');

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/site_access.js`).sync(e.app, e.record.getString('site_id'));
  e.next();
}, 'site_members');

onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/site_access.js`).sync(e.app, e.record.getString('site_id'));
  e.next();
}, 'site_members');

onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/site_access.js`).sync(e.app, e.record.getString('site_id'));
  e.next();
}, 'site_members');
