// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// CUPED and post-stratification as aggregates (issue 35): the event store records, once per
// exposure, its pre-exposure figures and strata (`experiment_covariates`: the device class and
// new/returning at the first exposure, the goals converted and the revenue in the experiment's
// CUPED window before it), and keeps per experiment, window, goal, variant and stratum the sums the
// engine reads (`experiment_cuped_sums`), so that results read a few rows whatever the traffic.
// Written only by the Go ingest (analytics/exposure_covariates.go): no API rules.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const siteRel = { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true };
    const text = (name, o = {}) => Object.assign({ name, type: 'text', max: 64 }, o);
    const num = (name) => ({ name, type: 'number' });
    const save = (def) => app.save(new Collection(Object.assign({ type: 'base' }, def)));
    save({
      name: 'experiment_covariates',
      fields: [
        siteRel,
        text('experiment', { required: true }),
        text('visitor', { required: true }),
        text('device', { max: 32 }),
        text('visitor_type', { max: 16 }),
        num('window_days'),
        num('pre_revenue'),
        // The goals converted in the window, comma-separated record ids.
        text('pre_goals', { max: 20000 }),
      ],
      indexes: ['CREATE UNIQUE INDEX idx_experiment_covariates_experiment_visitor ON experiment_covariates (experiment, visitor)'],
    });
    save({
      name: 'experiment_cuped_sums',
      fields: [
        siteRel,
        text('experiment', { required: true }),
        num('window_days'),
        text('goal'),
        text('variant', { required: true, max: 32 }),
        text('device', { max: 32 }),
        text('visitor_type', { max: 16 }),
        num('n'),
        num('post'),
        num('post2'),
        num('pre'),
        num('pre2'),
        num('prod'),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_experiment_cuped_sums_cell ON experiment_cuped_sums (experiment, window_days, goal, variant, device, visitor_type)',
      ],
    });
  },
  (app) => {
    for (const n of ['experiment_cuped_sums', 'experiment_covariates']) {
      try {
        app.delete(app.findCollectionByNameOrId(n));
      } catch (_) {
        // already gone
      }
    }
  },
);
