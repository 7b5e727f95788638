// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// An AI analysis whose model answer could not be used is written by the built-in rules and says
// so: engine 'builtin-fallback' besides 'builtin' and 'model'.
migrate(
  (app) => {
    const analyses = app.findCollectionByNameOrId('ai_analyses');
    const engine = /** @type {any} */ (analyses.fields.getByName('engine'));
    engine.values = ['builtin', 'model', 'builtin-fallback'];
    app.save(analyses);
  },
  (app) => {
    const analyses = app.findCollectionByNameOrId('ai_analyses');
    const engine = /** @type {any} */ (analyses.fields.getByName('engine'));
    engine.values = ['builtin', 'model'];
    app.save(analyses);
  },
);
