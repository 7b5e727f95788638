// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Consent-free mode (Settings -> Optimization): the site's tracker stores nothing on the visitor's
// device and the server names visitors by a keyed hash of (site, address, browser) under a salt
// that changes every UTC day (pocketbase/visitorhash). The salts live in `visitor_salts`, which
// no API rule opens (superusers only): today's and yesterday's are kept, older ones deleted, so a
// restart does not split a day's visitors and nobody can recompute an old day's ids.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new BoolField({ name: 'consent_free' }));
    app.save(sites);
    const salts = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'visitor_salts',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'text', name: 'day', required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          { type: 'text', name: 'salt', required: true, min: 64, max: 64, hidden: true },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_visitor_salts_day ON visitor_salts (day)'],
      }),
    );
    app.save(salts);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('visitor_salts'));
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.removeByName('consent_free');
    app.save(sites);
  },
);
