/// <reference path="../pb_data/types.d.ts" />
// What a site's plan allows, for the UI to mirror the server's gating. Members only.

routerAdd(
  'GET',
  '/api/cro/sites/{id}/entitlements',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const id = e.request.pathValue('id');
    const found = e.app.findRecordsByFilter('sites', 'id = {:id} && member_ids.id ?= {:uid}', '', 1, 0, { id: id, uid: e.auth.id });
    if (!found.length) return reply.error(e, 404, 'Site not found');
    const site = found[0];
    return e.json(
      200,
      Object.assign(
        { site_id: site.id, subscription_status: site.getString('subscription_status') },
        domain.entitlements(site.getString('plan_tier')),
      ),
    );
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
