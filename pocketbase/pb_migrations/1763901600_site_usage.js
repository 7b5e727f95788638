// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Plan metering (pocketbase/usage): this month's tracked visitors and the highest alert sent, on the
// site for Settings and the KPI strip; written by the server only.
migrate(
  (app) => {
    const FIELDS = ['usage_period', 'usage_visitors', 'usage_alert_level'];
    const guard = FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ');
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new TextField({ name: 'usage_period', max: 7 }));
    sites.fields.add(new NumberField({ name: 'usage_visitors', min: 0, onlyInt: true }));
    sites.fields.add(new NumberField({ name: 'usage_alert_level', min: 0, max: 100, onlyInt: true }));
    sites.createRule = `${sites.createRule} && ${guard}`;
    sites.updateRule = `${sites.updateRule} && ${guard}`;
    app.save(sites);
  },
  (app) => {
    const FIELDS = ['usage_period', 'usage_visitors', 'usage_alert_level'];
    const guard = FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ');
    const sites = app.findCollectionByNameOrId('sites');
    sites.createRule = (sites.createRule || '').replace(` && ${guard}`, '');
    sites.updateRule = (sites.updateRule || '').replace(` && ${guard}`, '');
    for (const f of FIELDS) sites.fields.removeByName(f);
    app.save(sites);
  },
);
