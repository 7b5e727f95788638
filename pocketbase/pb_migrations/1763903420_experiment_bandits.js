// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Bandits (src/lib/experiment-statistics.ts, pocketbase/experiments/bandit.go): an experiment may run
// as a bandit (`bandit`), its weights moved every `bandit_interval_hours` to each arm's probability
// of being best, never below `bandit_min_weight`; each allocation is a period with its weights
// (members read; only the server writes), so the SRM check compares each period's exposures with
// that period's weights and the view shows the history.
migrate(
  (app) => {
    const experiments = app.findCollectionByNameOrId('experiments');
    experiments.fields.add(new BoolField({ name: 'bandit' }));
    experiments.fields.add(new NumberField({ name: 'bandit_interval_hours', min: 0, max: 168 }));
    experiments.fields.add(new NumberField({ name: 'bandit_min_weight', min: 0, max: 0.25 }));
    app.save(experiments);
    // Existing tests take the defaults (src/lib/experiment-statistics.ts).
    app.db().newQuery('UPDATE experiments SET bandit_interval_hours = 6, bandit_min_weight = 0.05').execute();
    const MEMBER = '@request.auth.id != "" && site_id.member_ids.id ?= @request.auth.id';
    const sites = app.findCollectionByNameOrId('sites');
    const save = (def) => {
      const c = new Collection(Object.assign({ type: 'base' }, def));
      app.save(c);
      return c;
    };
    save({
      name: 'experiment_bandit_periods',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: 'experiment_id', type: 'relation', collectionId: experiments.id, maxSelect: 1, cascadeDelete: true, required: true },
        { name: 'started_at', type: 'date', required: true },
        { name: 'ended_at', type: 'date' },
        { name: 'weights', type: 'json', maxSize: 2000 },
        { name: 'best_probabilities', type: 'json', maxSize: 2000 },
        { name: 'update_message', type: 'text', max: 200 },
      ],
      indexes: ['CREATE INDEX idx_experiment_bandit_periods_experiment ON experiment_bandit_periods (experiment_id, started_at)'],
    });
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('experiment_bandit_periods'));
    const experiments = app.findCollectionByNameOrId('experiments');
    for (const f of ['bandit', 'bandit_interval_hours', 'bandit_min_weight']) experiments.fields.removeByName(f);
    app.save(experiments);
  },
);
