// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Pattern requests: a named site must be one of the requester's; new requests start as 'new'.
onRecordCreateRequest((e) => {
  const r = e.record;
  const siteId = r.getString('site_id');
  if (siteId && !e.hasSuperuserAuth()) {
    require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, siteId, 'viewer', { notFound: 'Unknown site.', notFoundStatus: 400 });
  }
  r.set('name', r.getString('name').trim());
  r.set('description', r.getString('description').trim());
  if (!e.hasSuperuserAuth()) r.set('status', 'new');
  e.next();
}, 'pattern_requests');
