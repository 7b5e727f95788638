// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The tracking script's own way to connect a site (issue: a site that sends data still showed
// "Pending"): `tracking_verified` is set by POST /api/cro/verify-tracking once visits from the
// site's domain have arrived through the collect endpoint, which accepts only the site's own
// origins. Server-set, like dns_verified: the API refuses it in a body.
migrate(
  (app) => {
    const guard = '@request.body.tracking_verified:isset = false';
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new BoolField({ name: 'tracking_verified' }));
    sites.createRule = `${sites.createRule} && ${guard}`;
    sites.updateRule = `${sites.updateRule} && ${guard}`;
    app.save(sites);
  },
  (app) => {
    const guard = '@request.body.tracking_verified:isset = false';
    const sites = app.findCollectionByNameOrId('sites');
    sites.createRule = (sites.createRule || '').replace(` && ${guard}`, '');
    sites.updateRule = (sites.updateRule || '').replace(` && ${guard}`, '');
    sites.fields.removeByName('tracking_verified');
    app.save(sites);
  },
);
