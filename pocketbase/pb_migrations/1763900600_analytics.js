// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Analytics: goals per site, rollups the dashboard reads (per site per day, per page per day, per
// dimension per day), a per-site live record the LIVE KPI card subscribes to, and the lookups the
// Go ingest writer needs on sessions. Raw events and rollups are written only by the server.
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const sites = app.findCollectionByNameOrId('sites');
    const siteRel = () => ({
      name: 'site_id',
      type: 'relation',
      collectionId: sites.id,
      maxSelect: 1,
      cascadeDelete: true,
      required: true,
    });
    const text = (name, o = {}) => Object.assign({ name, type: 'text', max: 500 }, o);
    const num = (name, o = {}) => Object.assign({ name, type: 'number' }, o);
    const created = { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false };
    const updated = { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true };
    const save = (def) => {
      const c = new Collection(Object.assign({ type: 'base' }, def));
      app.save(c);
      return c;
    };
    const counters = (names) => names.map((n) => num(n));
    const DAILY = [
      'visitors',
      'sessions',
      'pageviews',
      'bounces',
      'duration_ms',
      'conversions',
      'converted_sessions',
      'revenue',
      'scroll_sum',
      'scroll_count',
      'errors',
      'clicks',
      'outbound',
      'micro_conversions',
    ];

    save({
      name: 'goals',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: EDITOR,
      updateRule: `${EDITOR} && ${KEEP_SITE}`,
      deleteRule: EDITOR,
      fields: [
        siteRel(),
        text('name', { required: true, max: 100 }),
        { name: 'type', type: 'select', values: ['url', 'event', 'click'], maxSelect: 1, required: true },
        text('match', { required: true, max: 500 }),
        num('value', { min: 0 }),
        { name: 'enabled', type: 'bool' },
        created,
        updated,
      ],
      indexes: ['CREATE INDEX idx_goals_site_id ON goals (site_id)'],
    });

    save({
      name: 'analytics_daily',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [siteRel(), text('day', { required: true, max: 10 })].concat(counters(DAILY)),
      indexes: ['CREATE UNIQUE INDEX idx_analytics_daily_site_day ON analytics_daily (site_id, day)'],
    });

    save({
      name: 'analytics_pages',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [siteRel(), text('day', { required: true, max: 10 }), text('path', { required: true, max: 300 })].concat(
        counters([
          'visitors',
          'entries',
          'pageviews',
          'bounces',
          'duration_ms',
          'conversions',
          'revenue',
          'scroll_sum',
          'scroll_count',
          'errors',
          'clicks',
        ]),
      ),
      indexes: ['CREATE UNIQUE INDEX idx_analytics_pages_site_day_path ON analytics_pages (site_id, day, path)'],
    });

    save({
      name: 'analytics_dims',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        siteRel(),
        text('day', { required: true, max: 10 }),
        text('dim', { required: true, max: 20 }),
        text('value', { max: 200 }),
      ].concat(counters(['sessions', 'visitors', 'conversions', 'revenue'])),
      indexes: ['CREATE UNIQUE INDEX idx_analytics_dims_site_day_dim_value ON analytics_dims (site_id, day, dim, value)'],
    });

    save({
      name: 'site_live',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        siteRel(),
        num('active_visitors'),
        num('sessions_today'),
        num('visitors_today'),
        num('pageviews_today'),
        num('conversions_today'),
        num('revenue_today'),
        num('cvr_today'),
        { name: 'last_event_at', type: 'date' },
        updated,
      ],
      indexes: ['CREATE UNIQUE INDEX idx_site_live_site ON site_live (site_id)'],
    });

    // Per-site tracker setting: honour Do Not Track / Global Privacy Control unless turned off.
    sites.fields.add(new BoolField({ name: 'tracking_ignore_dnt' }));
    app.save(sites);

    // Ingest speed: (site_id) alone is redundant with the (site_id, ts) index on raw events.
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (events.indexes.filter((i) => i.indexOf('idx_events_site_id ON') < 0));
    app.save(events);

    const sessions = app.findCollectionByNameOrId('sessions');
    sessions.fields.add(new TextField({ name: 'identity', max: 200 }));
    sessions.fields.add(new NumberField({ name: 'micro_conversions' }));
    sessions.indexes = /** @type {types.JSONArray<string>} */ (
      sessions.indexes.concat(['CREATE INDEX idx_sessions_site_visitor ON sessions (site_id, visitor, started_at)'])
    );
    app.save(sessions);
  },
  (app) => {
    for (const n of ['site_live', 'analytics_dims', 'analytics_pages', 'analytics_daily', 'goals']) {
      try {
        app.delete(app.findCollectionByNameOrId(n));
      } catch (_) {
        // already gone
      }
    }
    const siteCol = app.findCollectionByNameOrId('sites');
    siteCol.fields.removeByName('tracking_ignore_dnt');
    app.save(siteCol);
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat(['CREATE INDEX idx_events_site_id ON events (site_id)'])
    );
    app.save(events);
    const sessions = app.findCollectionByNameOrId('sessions');
    sessions.fields.removeByName('identity');
    sessions.fields.removeByName('micro_conversions');
    sessions.indexes = /** @type {types.JSONArray<string>} */ (sessions.indexes.filter((i) => i.indexOf('idx_sessions_site_visitor') < 0));
    app.save(sessions);
  },
);
