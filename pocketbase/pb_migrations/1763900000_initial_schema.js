// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The initial data model: the product's collections (sites, rules, patterns, funnels, integrations
// and the rest), plus site_members, events, sessions, notifications, contact_messages and demo_requests.
//
// Access model: site_members is the source of truth for who may do what on a site; the server
// mirrors it into three id lists on each site (member_ids, editor_ids, manager_ids) so that every
// rule is a single indexed-membership test. `null` rules mean only the server writes.
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const notSet = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');

    const text = (name, o = {}) => Object.assign({ name, type: 'text', max: 500 }, o);
    const num = (name, o = {}) => Object.assign({ name, type: 'number' }, o);
    const bool = (name) => ({ name, type: 'bool' });
    const json = (name, o = {}) => Object.assign({ name, type: 'json', maxSize: 200000 }, o);
    const date = (name) => ({ name, type: 'date' });
    const select = (name, values, o = {}) => Object.assign({ name, type: 'select', values, maxSelect: 1 }, o);
    const created = { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false };
    const updated = { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true };
    const users = app.findCollectionByNameOrId('users');
    const rel = (name, collectionId, o = {}) =>
      Object.assign({ name, type: 'relation', collectionId, maxSelect: 1, cascadeDelete: true }, o);
    const idx = (table, cols, unique) =>
      `CREATE ${unique ? 'UNIQUE ' : ''}INDEX idx_${table}_${cols.replace(/[^a-z0-9]+/gi, '_')} ON ${table} (${cols})`;

    const save = (def) => {
      const c = new Collection(Object.assign({ type: 'base' }, def));
      app.save(c);
      return c;
    };

    // ---- sites -------------------------------------------------------------------------------
    const SERVER_SITE_FIELDS = [
      'plan_tier',
      'subscription_status',
      'status',
      'dns_verified',
      'nameserver_1',
      'nameserver_2',
      'current_cvr',
      'baseline_cvr',
      'monthly_visitors',
      'total_revenue_impact',
      'health_status',
      'public_key',
      'member_ids',
      'editor_ids',
      'manager_ids',
      'stripe_customer_id',
      'stripe_subscription_id',
    ];
    const sites = save({
      name: 'sites',
      listRule: `${AUTH} && member_ids.id ?= @request.auth.id`,
      viewRule: `${AUTH} && member_ids.id ?= @request.auth.id`,
      createRule: `${AUTH} && @request.body.user_id = @request.auth.id && ${notSet(SERVER_SITE_FIELDS)}`,
      updateRule: `${AUTH} && manager_ids.id ?= @request.auth.id && ${notSet(SERVER_SITE_FIELDS.concat(['user_id']))}`,
      deleteRule: `${AUTH} && user_id = @request.auth.id`,
      fields: [
        rel('user_id', users.id, { required: true }),
        text('domain', { required: true, max: 253 }),
        text('industry_category', { max: 100 }),
        select('status', ['pending', 'active', 'suspended']),
        bool('dns_verified'),
        text('nameserver_1', { max: 253 }),
        text('nameserver_2', { max: 253 }),
        num('current_cvr', { min: 0, max: 100 }),
        num('baseline_cvr', { min: 0, max: 100 }),
        num('monthly_visitors', { min: 0, onlyInt: true }),
        num('total_revenue_impact'),
        select('plan_tier', ['free', 'starter', 'growth', 'enterprise']),
        text('subscription_status', { max: 50 }),
        select('health_status', ['healthy', 'warning', 'critical', 'unknown']),
        bool('optimization_enabled'),
        num('error_threshold_percentage', { min: 0, max: 100 }),
        text('public_key', { max: 64 }),
        rel('member_ids', users.id, { maxSelect: 999, cascadeDelete: false }),
        rel('editor_ids', users.id, { maxSelect: 999, cascadeDelete: false }),
        rel('manager_ids', users.id, { maxSelect: 999, cascadeDelete: false }),
        text('stripe_customer_id', { max: 255, hidden: true }),
        text('stripe_subscription_id', { max: 255, hidden: true }),
        created,
        updated,
      ],
      indexes: [idx('sites', 'user_id'), idx('sites', 'created_at'), idx('sites', 'domain'), idx('sites', 'public_key', true)],
    });

    const siteRel = (o = {}) => rel('site_id', sites.id, Object.assign({ required: true }, o));
    const siteIndexes = (table, sortCols) => [idx(table, 'site_id')].concat((sortCols || []).map((c) => idx(table, `site_id, ${c}`)));

    // ---- team --------------------------------------------------------------------------------
    const INVITABLE = '(role = "admin" || role = "editor" || role = "viewer")';
    save({
      name: 'site_members',
      listRule: `${AUTH} && (site_id.member_ids.id ?= @request.auth.id || user_id = @request.auth.id)`,
      viewRule: `${AUTH} && (site_id.member_ids.id ?= @request.auth.id || user_id = @request.auth.id)`,
      createRule: `${AUTH} && site_id.manager_ids.id ?= @request.auth.id && ${INVITABLE} && ${notSet(['user_id', 'status', 'token'])}`,
      updateRule:
        `${AUTH} && site_id.manager_ids.id ?= @request.auth.id && role != "owner" && ` +
        '(@request.body.role:isset = false || @request.body.role = "admin" || @request.body.role = "editor" || @request.body.role = "viewer") && ' +
        notSet(['site_id', 'user_id', 'email', 'status', 'token']),
      deleteRule: `${AUTH} && role != "owner" && (site_id.manager_ids.id ?= @request.auth.id || user_id = @request.auth.id)`,
      fields: [
        siteRel(),
        rel('user_id', users.id, { cascadeDelete: true }),
        { name: 'email', type: 'email', required: true },
        select('role', ['owner', 'admin', 'editor', 'viewer'], { required: true }),
        select('status', ['active', 'invited']),
        text('token', { max: 64, hidden: true }),
        rel('invited_by', users.id, { cascadeDelete: false }),
        created,
        updated,
      ],
      indexes: [
        idx('site_members', 'site_id'),
        idx('site_members', 'user_id'),
        idx('site_members', 'email'),
        idx('site_members', 'site_id, email', true),
      ],
    });

    save({
      name: 'user_roles',
      listRule: `${AUTH} && user_id = @request.auth.id`,
      viewRule: `${AUTH} && user_id = @request.auth.id`,
      fields: [rel('user_id', users.id, { required: true }), select('role', ['admin'], { required: true }), created],
      indexes: [idx('user_roles', 'user_id, role', true)],
    });

    // ---- optimization ------------------------------------------------------------------------
    // Editors may change the rule settings the Safety screen exposes; health is the server's.
    save({
      name: 'optimization_rules',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: `${EDITOR} && ${notSet(['health_status'])}`,
      updateRule: `${EDITOR} && ${KEEP_SITE} && ${notSet(['health_status'])}`,
      deleteRule: EDITOR,
      fields: [
        siteRel(),
        text('name', { max: 200 }),
        text('rule_type', { required: true, max: 100 }),
        num('priority', { onlyInt: true, min: -1000, max: 1000 }),
        bool('enabled'),
        bool('testing_mode'),
        num('rollout_percentage', { onlyInt: true, min: 0, max: 100 }),
        bool('auto_rollback_enabled'),
        select('health_status', ['healthy', 'warning', 'critical', 'disabled']),
        created,
        updated,
      ],
      indexes: siteIndexes('optimization_rules', ['priority', 'created_at', 'enabled']),
    });

    save({
      name: 'micro_conversions',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: EDITOR,
      updateRule: `${EDITOR} && ${KEEP_SITE}`,
      deleteRule: EDITOR,
      fields: [siteRel(), text('name', { max: 200 }), text('event_name', { max: 100 }), num('value'), bool('enabled'), created, updated],
      indexes: siteIndexes('micro_conversions', ['enabled']),
    });

    const healthTable = (name, fields, sortCol) =>
      save({ name, listRule: MEMBER, viewRule: MEMBER, fields, indexes: siteIndexes(name, [sortCol]) });
    const rules = app.findCollectionByNameOrId('optimization_rules');
    healthTable(
      'optimization_health_metrics',
      [
        siteRel(),
        rel('rule_id', rules.id, { cascadeDelete: true }),
        text('metric_type', { required: true, max: 100 }),
        num('value'),
        bool('threshold_exceeded'),
        json('details'),
        { name: 'recorded_at', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      'recorded_at',
    );
    healthTable(
      'optimization_rollbacks',
      [
        siteRel(),
        rel('rule_id', rules.id, { cascadeDelete: false }),
        text('rollback_type', { required: true, max: 50 }),
        text('trigger_reason', { max: 1000 }),
        json('details'),
        created,
      ],
      'created_at',
    );
    healthTable(
      'optimization_audit_log',
      [
        siteRel(),
        rel('rule_id', rules.id, { cascadeDelete: false }),
        text('action', { required: true, max: 100 }),
        json('changes'),
        text('reason', { max: 1000 }),
        rel('actor_id', users.id, { cascadeDelete: false }),
        created,
      ],
      'created_at',
    );

    // ---- integrations and content -------------------------------------------------------------
    const INTEGRATION_TYPES = [
      'shopify',
      'woocommerce',
      'bigcommerce',
      'google_analytics',
      'google_tag_manager',
      'mixpanel',
      'amplitude',
      'segment',
      'hotjar',
      'fullstory',
      'crazy_egg',
      'lucky_orange',
      'clarity',
      'optimizely',
      'vwo',
      'ab_tasty',
      'typeform',
      'surveymonkey',
      'qualtrics',
      'usertesting',
      'hubspot',
      'mailchimp',
      'klaviyo',
      'activecampaign',
      'facebook_pixel',
      'google_ads',
      'stripe',
      'slack',
      'zapier',
      'webhook',
    ];
    save({
      name: 'integrations',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: `${EDITOR} && ${notSet(['last_synced_at', 'error_message'])}`,
      updateRule: `${EDITOR} && ${KEEP_SITE} && ${notSet(['last_synced_at', 'error_message'])}`,
      deleteRule: EDITOR,
      fields: [
        siteRel(),
        select('integration_type', INTEGRATION_TYPES, { required: true }),
        text('name', { max: 200 }),
        select('status', ['connected', 'error', 'pending', 'not_connected']),
        bool('enabled'),
        json('settings', { maxSize: 20000 }),
        // Secrets: written by editors, never returned to the browser.
        json('credentials', { maxSize: 20000, hidden: true }),
        date('last_synced_at'),
        text('error_message', { max: 1000 }),
        created,
        updated,
      ],
      indexes: siteIndexes('integrations', []).concat([idx('integrations', 'site_id, integration_type', true)]),
    });

    save({
      name: 'documents',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: `${EDITOR} && @request.body.user_id = @request.auth.id && ${notSet(['analysis_status', 'analysis_result', 'analysis_summary', 'analyzed_at'])}`,
      deleteRule: EDITOR,
      fields: [
        siteRel(),
        rel('user_id', users.id, { required: true, cascadeDelete: false }),
        {
          name: 'file',
          type: 'file',
          maxSelect: 1,
          maxSize: 20 * 1024 * 1024,
          protected: true,
          mimeTypes: [],
        },
        text('file_name', { required: true, max: 255 }),
        text('file_path', { max: 500 }),
        num('file_size', { min: 0, onlyInt: true }),
        text('file_type', { max: 100 }),
        select('analysis_status', ['pending', 'completed', 'failed']),
        json('analysis_result'),
        text('analysis_summary', { max: 5000 }),
        text('language', { max: 20 }),
        date('analyzed_at'),
        created,
      ],
      indexes: siteIndexes('documents', ['created_at', 'analyzed_at']).concat([idx('documents', 'user_id, created_at')]),
    });

    save({
      name: 'cro_patterns',
      listRule: AUTH,
      viewRule: AUTH,
      fields: [
        text('name', { required: true, max: 200 }),
        text('description', { max: 2000 }),
        json('tags', { maxSize: 2000 }),
        select('category', ['conversion', 'trust', 'form', 'checkout', 'mobile', 'pricing'], { required: true }),
        bool('featured'),
        num('avg_lift'),
        select('impact', ['high', 'medium', 'low']),
        select('difficulty', ['easy', 'medium', 'hard']),
        num('implementations', { min: 0, onlyInt: true }),
        text('time_to_implement', { max: 100 }),
        text('prediction_model', { max: 200 }),
        num('predicted_lift_min'),
        num('predicted_lift_max'),
        num('confidence', { min: 0, max: 100 }),
        json('rule_template'),
        created,
      ],
      indexes: [idx('cro_patterns', 'featured, avg_lift'), idx('cro_patterns', 'impact, confidence'), idx('cro_patterns', 'category')],
    });

    save({
      name: 'session_recordings',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        siteRel(),
        text('session_id', { max: 64 }),
        text('page_url', { max: 2000 }),
        num('events_count', { min: 0, onlyInt: true }),
        num('duration_seconds', { min: 0 }),
        text('country', { max: 2 }),
        text('browser', { max: 50 }),
        text('device_type', { max: 20 }),
        { name: 'started_at', type: 'date', required: true },
        created,
      ],
      indexes: siteIndexes('session_recordings', ['started_at']),
    });

    save({
      name: 'funnels',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: EDITOR,
      updateRule: `${EDITOR} && ${KEEP_SITE}`,
      deleteRule: EDITOR,
      fields: [
        siteRel(),
        text('name', { required: true, max: 200 }),
        text('description', { max: 2000 }),
        json('steps', { maxSize: 20000 }),
        created,
        updated,
      ],
      indexes: siteIndexes('funnels', ['created_at']),
    });

    save({
      name: 'scheduled_reports',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: `${EDITOR} && ${notSet(['last_sent_at', 'next_scheduled_at'])}`,
      updateRule: `${EDITOR} && ${KEEP_SITE} && ${notSet(['last_sent_at', 'next_scheduled_at'])}`,
      deleteRule: EDITOR,
      fields: [
        siteRel(),
        text('name', { required: true, max: 200 }),
        select('report_type', ['performance', 'conversions', 'funnel', 'heatmap', 'session', 'full']),
        select('frequency', ['daily', 'weekly', 'monthly'], { required: true }),
        bool('enabled'),
        json('recipients', { maxSize: 5000 }),
        select('format', ['pdf', 'csv', 'excel', 'email']),
        date('last_sent_at'),
        date('next_scheduled_at'),
        created,
        updated,
      ],
      indexes: siteIndexes('scheduled_reports', ['created_at']),
    });

    save({
      name: 'report_history',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        siteRel(),
        text('report_name', { required: true, max: 200 }),
        { name: 'generated_at', type: 'date', required: true },
        select('status', ['sent', 'failed', 'pending']),
        { name: 'file', type: 'file', maxSelect: 1, maxSize: 50 * 1024 * 1024, protected: true },
        created,
      ],
      indexes: siteIndexes('report_history', ['generated_at']),
    });

    // ---- measurement (written only by the ingestion path) ---------------------------------------
    save({
      name: 'sessions',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        siteRel(),
        text('session_key', { required: true, max: 64 }),
        text('visitor', { required: true, max: 64 }),
        { name: 'started_at', type: 'date', required: true },
        date('last_seen_at'),
        text('entry_path', { max: 2000 }),
        text('exit_path', { max: 2000 }),
        text('referrer', { max: 2000 }),
        text('utm_source', { max: 200 }),
        text('utm_medium', { max: 200 }),
        text('utm_campaign', { max: 200 }),
        num('page_views', { min: 0, onlyInt: true }),
        num('duration_seconds', { min: 0 }),
        num('max_scroll', { min: 0, max: 100 }),
        num('conversions', { min: 0, onlyInt: true }),
        num('revenue'),
        num('errors', { min: 0, onlyInt: true }),
        text('device_type', { max: 20 }),
        text('browser', { max: 50 }),
        text('country', { max: 2 }),
      ],
      indexes: siteIndexes('sessions', ['started_at']).concat([idx('sessions', 'site_id, session_key', true)]),
    });

    save({
      name: 'events',
      listRule: MEMBER,
      viewRule: MEMBER,
      fields: [
        siteRel(),
        text('visitor', { required: true, max: 64 }),
        text('session', { required: true, max: 64 }),
        text('type', { required: true, max: 30 }),
        text('name', { max: 100 }),
        text('path', { max: 2000 }),
        text('url', { max: 2000 }),
        text('referrer', { max: 2000 }),
        json('props', { maxSize: 4000 }),
        num('value'),
        num('x'),
        num('y'),
        text('selector', { max: 500 }),
        text('rule', { max: 64 }),
        text('experiment', { max: 64 }),
        text('variant', { max: 64 }),
        text('device_type', { max: 20 }),
        text('browser', { max: 50 }),
        text('country', { max: 2 }),
        { name: 'ts', type: 'date', required: true },
      ],
      indexes: siteIndexes('events', ['ts']).concat([idx('events', 'site_id, session')]),
    });

    // ---- people and messages -------------------------------------------------------------------
    save({
      name: 'notifications',
      listRule: `${AUTH} && user_id = @request.auth.id`,
      viewRule: `${AUTH} && user_id = @request.auth.id`,
      // A user may only mark their own notifications read.
      updateRule: `${AUTH} && user_id = @request.auth.id && ${notSet(['user_id', 'site_id', 'type', 'title', 'message', 'link'])}`,
      deleteRule: `${AUTH} && user_id = @request.auth.id`,
      fields: [
        rel('user_id', users.id, { required: true }),
        rel('site_id', sites.id, { cascadeDelete: true }),
        select('type', ['test', 'ai', 'alert', 'team', 'system'], { required: true }),
        text('title', { required: true, max: 200 }),
        text('message', { max: 1000 }),
        text('link', { max: 500 }),
        bool('read'),
        created,
      ],
      indexes: [idx('notifications', 'user_id, created_at'), idx('notifications', 'site_id')],
    });

    save({
      name: 'contact_messages',
      fields: [
        text('name', { required: true, max: 100 }),
        { name: 'email', type: 'email', required: true },
        text('subject', { required: true, max: 200 }),
        text('message', { required: true, max: 5000 }),
        created,
      ],
      indexes: [idx('contact_messages', 'created_at')],
    });

    save({
      name: 'demo_requests',
      fields: [
        text('name', { required: true, max: 100 }),
        { name: 'email', type: 'email', required: true },
        text('company', { required: true, max: 200 }),
        text('website', { max: 500 }),
        text('monthly_visitors', { max: 50 }),
        text('message', { max: 5000 }),
        created,
      ],
      indexes: [idx('demo_requests', 'created_at')],
    });
  },
  (app) => {
    const names = [
      'demo_requests',
      'contact_messages',
      'notifications',
      'events',
      'sessions',
      'report_history',
      'scheduled_reports',
      'funnels',
      'session_recordings',
      'cro_patterns',
      'documents',
      'integrations',
      'optimization_audit_log',
      'optimization_rollbacks',
      'optimization_health_metrics',
      'micro_conversions',
      'optimization_rules',
      'user_roles',
      'site_members',
      'sites',
    ];
    for (const n of names) {
      try {
        app.delete(app.findCollectionByNameOrId(n));
      } catch (_) {
        // already gone
      }
    }
  },
);
