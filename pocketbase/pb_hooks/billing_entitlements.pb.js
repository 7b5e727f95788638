// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// What a site's plan allows, for the UI to mirror the server's gating. Members only.

routerAdd(
  'GET',
  '/api/cro/sites/{id}/entitlements',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, e.request.pathValue('id'), 'viewer');
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
