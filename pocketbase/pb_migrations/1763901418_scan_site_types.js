// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Scans store the audit's site types that make no revenue-lift promise too: content,
// documentation and non-profit sites.
migrate(
  (app) => {
    const scans = app.findCollectionByNameOrId('scans');
    /** @type {any} */ (scans.fields.getByName('site_type')).values = ['ecommerce', 'local', 'b2b', 'content', 'docs', 'nonprofit'];
    app.save(scans);
  },
  (app) => {
    const scans = app.findCollectionByNameOrId('scans');
    /** @type {any} */ (scans.fields.getByName('site_type')).values = ['ecommerce', 'local', 'b2b'];
    app.save(scans);
  },
);
