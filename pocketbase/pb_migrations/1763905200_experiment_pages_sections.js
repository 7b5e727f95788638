// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A multi-page test's pages and a multivariate test's sections (issue 34, items 5 and 6), one
// JSON field each beside `test_type`: `pages` [{name, url_pattern, selector}] (each variant's
// changes per page are in its `pages`), `sections` [{key, name, selector, alternatives}] (the
// server expands their combinations into `variants`). Empty for an A/B test.
migrate(
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(new JSONField({ name: 'pages', maxSize: 200000 }));
    experiments.fields.add(new JSONField({ name: 'sections', maxSize: 200000 }));
    app.save(experiments);
  },
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.removeByName('pages');
    experiments.fields.removeByName('sections');
    app.save(experiments);
  },
);
