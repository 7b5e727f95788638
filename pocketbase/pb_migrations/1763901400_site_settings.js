// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A site's own settings beside optimization on/off, the error threshold and Do Not Track: how long
// its raw events are kept, and the staging host that testing mode and the collect origin check accept.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new NumberField({ name: 'retention_days', min: 0, max: 3650, onlyInt: true }));
    sites.fields.add(new TextField({ name: 'staging_domain', max: 253 }));
    app.save(sites);
  },
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.removeByName('retention_days');
    sites.fields.removeByName('staging_domain');
    app.save(sites);
  },
);
