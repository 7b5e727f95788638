// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A/B tests: `experiments` (site-scoped like optimization rules: members read, editors write; the
// hook pb_hooks/experiments.pb.js validates and sets the server's fields), the event store's
// first exposure per visitor and experiment (written only by the Go ingest), the exposures the
// ingest dropped per site and day, and the column and indexes the per-variant results query reads.
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const SERVER_ONLY = ['seed', 'started_at', 'ended_at'].map((f) => `@request.body.${f}:isset = false`).join(' && ');
    const sites = app.findCollectionByNameOrId('sites');
    const siteRel = { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true };
    const text = (name, o = {}) => Object.assign({ name, type: 'text', max: 500 }, o);
    const num = (name, o = {}) => Object.assign({ name, type: 'number' }, o);
    const json = (name, maxSize) => ({ name, type: 'json', maxSize });
    const select = (name, values, o = {}) => Object.assign({ name, type: 'select', values, maxSelect: 1 }, o);
    const save = (def) => {
      const c = new Collection(Object.assign({ type: 'base' }, def));
      app.save(c);
      return c;
    };

    save({
      name: 'experiments',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: `${EDITOR} && ${SERVER_ONLY}`,
      updateRule: `${EDITOR} && ${KEEP_SITE} && ${SERVER_ONLY}`,
      deleteRule: EDITOR,
      fields: [
        siteRel,
        text('name', { required: true, max: 200 }),
        text('hypothesis', { max: 2000 }),
        select('status', ['draft', 'running', 'paused', 'completed'], { required: true }),
        // The tested element (CSS selector); empty for page-wide changes such as a redirect.
        text('selector', { max: 1000 }),
        json('variants', 400000),
        num('traffic', { min: 0, max: 100 }),
        // Assignment seed: set by the server, stable for the experiment's life.
        text('seed', { max: 64 }),
        text('url_pattern', { max: 500 }),
        select('target_device', ['any', 'desktop', 'mobile', 'tablet']),
        select('target_visitor', ['any', 'new', 'returning']),
        text('primary_goal', { max: 64 }),
        json('secondary_goals', 5000),
        json('guardrails', 5000),
        num('minimum_detectable_effect', { min: 0, max: 1000 }),
        num('planned_sample_size', { min: 0, onlyInt: true }),
        { name: 'started_at', type: 'date' },
        { name: 'ended_at', type: 'date' },
        text('winner', { max: 32 }),
        { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE INDEX idx_experiments_site_id ON experiments (site_id)',
        'CREATE INDEX idx_experiments_site_id_status ON experiments (site_id, status)',
        'CREATE INDEX idx_experiments_site_id_created_at ON experiments (site_id, created_at)',
      ],
    });

    // The ingest's experiment aggregates (pocketbase/analytics/exposures.go), server-only: the
    // first exposure per visitor and experiment with the visitor's revenue since; each exposed
    // visitor's first conversion per goal after it; per variant and day, visitors and revenue, and
    // per goal, first conversions.
    save({
      name: 'experiment_exposures',
      fields: [
        siteRel,
        text('experiment', { required: true, max: 64 }),
        text('variant', { required: true, max: 32 }),
        text('visitor', { required: true, max: 64 }),
        { name: 'ts', type: 'date', required: true },
        num('revenue'),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_experiment_exposures_experiment_visitor ON experiment_exposures (experiment, visitor)',
        'CREATE INDEX idx_experiment_exposures_site_visitor_ts ON experiment_exposures (site_id, visitor, ts)',
        'CREATE INDEX idx_experiment_exposures_revenue ON experiment_exposures (experiment, variant, revenue) WHERE revenue > 0',
      ],
    });
    save({
      name: 'experiment_conversions',
      fields: [
        siteRel,
        text('experiment', { required: true, max: 64 }),
        text('goal', { required: true, max: 64 }),
        text('variant', { required: true, max: 32 }),
        text('visitor', { required: true, max: 64 }),
        { name: 'ts', type: 'date', required: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_experiment_conversions_experiment_goal_visitor ON experiment_conversions (experiment, goal, visitor)',
        'CREATE INDEX idx_experiment_conversions_experiment_visitor ON experiment_conversions (experiment, visitor)',
      ],
    });
    save({
      name: 'experiment_daily',
      fields: [
        siteRel,
        text('experiment', { required: true, max: 64 }),
        text('variant', { required: true, max: 32 }),
        text('day', { required: true, max: 10 }),
        num('users'),
        num('revenue'),
      ],
      indexes: ['CREATE UNIQUE INDEX idx_experiment_daily_experiment_variant_day ON experiment_daily (experiment, variant, day)'],
    });
    save({
      name: 'experiment_goal_daily',
      fields: [
        siteRel,
        text('experiment', { required: true, max: 64 }),
        text('goal', { required: true, max: 64 }),
        text('variant', { required: true, max: 32 }),
        text('day', { required: true, max: 10 }),
        num('conversions'),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_experiment_goal_daily_experiment_goal_variant_day ON experiment_goal_daily (experiment, goal, variant, day)',
      ],
    });

    const daily = app.findCollectionByNameOrId('analytics_daily');
    daily.fields.add(new NumberField({ name: 'dropped_exposures' }));
    app.save(daily);

    // A late exposure is backfilled from the visitor's conversions of each goal and purchases since:
    // conversions carry their goal's id in a column, and two partial covering indexes hold only
    // those two kinds of rows, so page views and clicks (most rows) pay nothing.
    const events = app.findCollectionByNameOrId('events');
    events.fields.add(new TextField({ name: 'goal', max: 64 }));
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat([
        "CREATE INDEX idx_events_site_visitor_goal_ts ON events (site_id, visitor, goal, ts) WHERE type = 'conversion'",
        "CREATE INDEX idx_events_site_visitor_purchases ON events (site_id, visitor, ts, value) WHERE type = 'custom' AND value > 0",
      ])
    );
    app.save(events);
  },
  (app) => {
    for (const n of ['experiment_goal_daily', 'experiment_daily', 'experiment_conversions', 'experiment_exposures', 'experiments']) {
      try {
        app.delete(app.findCollectionByNameOrId(n));
      } catch (_) {
        // already gone
      }
    }
    const daily = app.findCollectionByNameOrId('analytics_daily');
    daily.fields.removeByName('dropped_exposures');
    app.save(daily);
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.filter((i) => i.indexOf('idx_events_site_visitor_outcomes') < 0)
    );
    app.save(events);
  },
);
