// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// An A/B test's post-stratification dimension (src/lib/experiment-statistics.ts): '' = the default
// (device class), 'visitor_type' (new or returning), or 'none'.
migrate(
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(new SelectField({ name: 'post_stratification', values: ['device', 'visitor_type', 'none'], maxSelect: 1 }));
    app.save(experiments);
  },
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.removeByName('post_stratification');
    app.save(experiments);
  },
);
