// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The kind of test an experiment is (issue 34): an A/B test on one page (`ab`, and every existing
// test), a split-URL test whose variants are other URLs (`split_url`), a multi-page test whose
// variants carry changes on several URL patterns (`multi_page`), or a multivariate test whose
// sections' alternatives run as every combination (`multivariate`). One field, so each kind's own
// settings live in their own fields and the wizard, detail view and audit log read one name.
migrate(
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(new SelectField({ name: 'test_type', maxSelect: 1, values: ['ab', 'split_url', 'multi_page', 'multivariate'] }));
    app.save(experiments);
    app.db().newQuery("UPDATE experiments SET test_type = 'ab'").execute();
  },
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.removeByName('test_type');
    app.save(experiments);
  },
);
