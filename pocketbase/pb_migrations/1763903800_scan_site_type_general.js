// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Scans store the audit's 'general' site type: a site whose evidence names no type well enough
// (a portfolio, an event, a school) gets only the checks every site shares.
migrate(
  (app) => {
    const scans = app.findCollectionByNameOrId('scans');
    /** @type {any} */ (scans.fields.getByName('site_type')).values = [
      'ecommerce',
      'local',
      'b2b',
      'content',
      'docs',
      'nonprofit',
      'general',
    ];
    app.save(scans);
  },
  (app) => {
    const scans = app.findCollectionByNameOrId('scans');
    /** @type {any} */ (scans.fields.getByName('site_type')).values = ['ecommerce', 'local', 'b2b', 'content', 'docs', 'nonprofit'];
    app.save(scans);
  },
);
