// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// An A/B test's statistics settings (src/lib/experiment-statistics.ts): the multiple-comparison
// correction ('' = the server's default) and CUPED's pre-exposure window in days (0 = off; existing
// tests take the default 14).
migrate(
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(
      new SelectField({ name: 'correction', values: ['none', 'holm-bonferroni', 'benjamini-hochberg'], maxSelect: 1 }),
    );
    experiments.fields.add(new NumberField({ name: 'cuped_window_days', min: 0, max: 90, onlyInt: true }));
    app.save(experiments);
    app.db().newQuery('UPDATE experiments SET cuped_window_days = 14').execute();
  },
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.removeByName('correction');
    experiments.fields.removeByName('cuped_window_days');
    app.save(experiments);
  },
);
