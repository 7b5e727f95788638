// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Ecommerce analytics (pocketbase/ecommerce). No API rules: the server writes them and answers the
// site's members through its own routes (GET /api/cro/ecommerce/{siteId}, the settings route).
// - ecommerce_settings: per site, whether the tracker captures ecommerce events, the reporting
//   currency and the owner's rate table ({"EUR": 1.08}: one euro is 1.08 of the reporting currency).
// - ecommerce_events: each ecommerce event a browser sent (tracker API or dataLayer), in the
//   currency it was reported in; counted once per session and fingerprint across the two sources.
// - ecommerce_orders: one row per order id and site: the browser's purchase, replaced by the order
//   webhook's figures when the shop's server reports the same order (the server's figure wins).
// - ecommerce_sessions: each session's traffic source and device (cart abandonment's breakdowns).
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const siteRel = { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true };
    const locked = { type: 'base', listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null };
    const text = (/** @type {string} */ name, max = 100) => ({ name, type: 'text', max });
    const save = (/** @type {any} */ c) => app.save(new Collection(/** @type {CollectionJSON} */ ({ ...locked, ...c })));

    save({
      name: 'ecommerce_settings',
      fields: [siteRel, { name: 'enabled', type: 'bool' }, text('currency', 3), { name: 'rates', type: 'json', maxSize: 20000 }],
      indexes: ['CREATE UNIQUE INDEX idx_ecommerce_settings_site ON ecommerce_settings (site_id)'],
    });
    save({
      name: 'ecommerce_events',
      fields: [
        siteRel,
        text('visitor', 64),
        text('session', 64),
        { name: 'ts', type: 'number', onlyInt: true },
        text('kind', 20),
        text('source', 10),
        text('fingerprint', 2000),
        text('order_id'),
        { name: 'value', type: 'number' },
        text('currency', 3),
        text('coupon'),
        text('step'),
        { name: 'items', type: 'json', maxSize: 20000 },
      ],
      indexes: ['CREATE INDEX idx_ecommerce_events_site_ts ON ecommerce_events (site_id, ts)'],
    });
    save({
      name: 'ecommerce_orders',
      fields: [
        siteRel,
        text('order_id', 200),
        text('alt_ids', 700),
        text('visitor', 64),
        text('session', 64),
        { name: 'ts', type: 'number', onlyInt: true },
        { name: 'value', type: 'number' },
        text('currency', 3),
        text('coupon'),
        { name: 'items', type: 'json', maxSize: 200000 },
        text('origin', 20),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_ecommerce_orders_order ON ecommerce_orders (site_id, order_id)',
        'CREATE INDEX idx_ecommerce_orders_site_ts ON ecommerce_orders (site_id, ts)',
        'CREATE INDEX idx_ecommerce_orders_site_visitor ON ecommerce_orders (site_id, visitor)',
      ],
    });
    save({
      name: 'ecommerce_sessions',
      fields: [siteRel, text('session', 64), text('source', 100), text('device', 20)],
      indexes: ['CREATE UNIQUE INDEX idx_ecommerce_sessions_session ON ecommerce_sessions (site_id, session)'],
    });
  },
  (app) => {
    for (const name of ['ecommerce_sessions', 'ecommerce_orders', 'ecommerce_events', 'ecommerce_settings']) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
