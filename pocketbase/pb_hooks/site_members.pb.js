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

// The site's member/editor/manager id lists follow every change of a membership. Handlers run
// from their own source, so this one uses nothing but globals.
/** @param {core.RecordEvent} e */
const syncSiteAccess = (e) => {
  require(`${__hooks}/lib/site_access.js`).sync(e.app, e.record.getString('site_id'));
  e.next();
};
onRecordAfterCreateSuccess(syncSiteAccess, 'site_members');
onRecordAfterUpdateSuccess(syncSiteAccess, 'site_members');
onRecordAfterDeleteSuccess(syncSiteAccess, 'site_members');
