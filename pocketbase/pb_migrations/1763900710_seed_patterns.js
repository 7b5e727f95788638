// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Seeds the pattern library (cro_patterns) from pb_hooks/lib/cro_patterns.json: at least 30
// patterns across the six categories, each with a ready-to-deploy rule template whose
// {{placeholders}} carry defaults. Upserts by name, so re-running leaves one copy of each.
migrate(
  (app) => {
    const patterns = require(`${__hooks}/lib/cro_patterns.json`);
    const collection = app.findCollectionByNameOrId('cro_patterns');
    patterns.forEach((p) => {
      let record;
      try {
        record = app.findFirstRecordByData('cro_patterns', 'name', p.name);
      } catch (_) {
        record = new Record(collection);
      }
      Object.keys(p).forEach((k) => record.set(k, p[k]));
      app.save(record);
    });
  },
  (app) => {
    const patterns = require(`${__hooks}/lib/cro_patterns.json`);
    patterns.forEach((p) => {
      try {
        app.delete(app.findFirstRecordByData('cro_patterns', 'name', p.name));
      } catch (_) {
        // already gone
      }
    });
  },
);
