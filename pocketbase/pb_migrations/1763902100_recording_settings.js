// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A site's session recording settings (Settings -> Optimization, Recordings): the share of sessions
// recorded, pages included or left out, the shortest recording kept, and text masking. Inputs,
// passwords and payment fields are masked by the recorder whatever these say. Existing sites record
// every session, as new ones do (sites.pb.js).
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    sites.fields.add(new NumberField({ name: 'recording_sample_rate', min: 0, max: 100, onlyInt: true }));
    sites.fields.add(new NumberField({ name: 'recording_min_seconds', min: 0, max: 3600, onlyInt: true }));
    sites.fields.add(new TextField({ name: 'recording_include', max: 2000 }));
    sites.fields.add(new TextField({ name: 'recording_exclude', max: 2000 }));
    sites.fields.add(new BoolField({ name: 'recording_mask_text' }));
    sites.fields.add(new TextField({ name: 'recording_mask_selectors', max: 1000 }));
    app.save(sites);
    app.db().newQuery('UPDATE sites SET recording_sample_rate = 100').execute();
  },
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    for (const name of [
      'recording_sample_rate',
      'recording_min_seconds',
      'recording_include',
      'recording_exclude',
      'recording_mask_text',
      'recording_mask_selectors',
    ]) {
      sites.fields.removeByName(name);
    }
    app.save(sites);
  },
);
