// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Integrations that deliver and receive:
// - integration_deliveries: the delivery log of each integration (its newest 50 attempts and
//   received order webhooks: status, HTTP status, latency, error). Members read; the server writes.
// - integration_orders: each order an inbound webhook counted, unique per integration, so a shop's
//   retried webhook counts once. Members read; the server writes.
// - experiment_exposures and conversion events get (site_id) indexes, ordered by rowid within a
//   site: the integrations forward new first exposures and conversions from a cursor in the order
//   of writing.
// - integrations: only the server says an integration is connected or failing (it does so after a
//   delivery or a received webhook), except Google Analytics, whose card links a property itself.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const integrations = app.findCollectionByNameOrId('integrations');
    const MEMBER = '@request.auth.id != "" && site_id.member_ids.id ?= @request.auth.id';
    const siteRel = { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true };
    const integrationRel = {
      name: 'integration_id',
      type: 'relation',
      collectionId: integrations.id,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    };
    const created = { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false };

    app.save(
      new Collection(
        /** @type {CollectionJSON} */ ({
          type: 'base',
          name: 'integration_deliveries',
          listRule: MEMBER,
          viewRule: MEMBER,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            siteRel,
            integrationRel,
            { name: 'event', type: 'text', required: true, max: 50 },
            { name: 'event_id', type: 'text', max: 200 },
            { name: 'attempt', type: 'number', onlyInt: true, min: 1 },
            { name: 'status', type: 'select', values: ['delivered', 'failed', 'received', 'ignored'], maxSelect: 1, required: true },
            { name: 'http_status', type: 'number', onlyInt: true },
            { name: 'latency_ms', type: 'number', onlyInt: true },
            { name: 'error', type: 'text', max: 1000 },
            created,
          ],
          indexes: ['CREATE INDEX idx_integration_deliveries_integration ON integration_deliveries (integration_id, created_at)'],
        }),
      ),
    );

    app.save(
      new Collection(
        /** @type {CollectionJSON} */ ({
          type: 'base',
          name: 'integration_orders',
          listRule: MEMBER,
          viewRule: MEMBER,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            siteRel,
            integrationRel,
            { name: 'order_id', type: 'text', required: true, max: 200 },
            { name: 'visitor', type: 'text', max: 64 },
            { name: 'value', type: 'number' },
            { name: 'currency', type: 'text', max: 10 },
            created,
          ],
          indexes: ['CREATE UNIQUE INDEX idx_integration_orders_order ON integration_orders (integration_id, order_id)'],
        }),
      ),
    );

    const exposures = app.findCollectionByNameOrId('experiment_exposures');
    exposures.indexes = /** @type {types.JSONArray<string>} */ (
      exposures.indexes.concat(['CREATE INDEX idx_experiment_exposures_site_feed ON experiment_exposures (site_id)'])
    );
    app.save(exposures);
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.concat(["CREATE INDEX idx_events_site_conversion_feed ON events (site_id) WHERE type = 'conversion'"])
    );
    app.save(events);

    const serverStatus =
      "(@request.body.status:isset = false || @request.body.status = 'pending' || @request.body.status = 'not_connected'";
    integrations.createRule = `${integrations.createRule} && ${serverStatus} || @request.body.integration_type = 'google_analytics')`;
    integrations.updateRule = `${integrations.updateRule} && ${serverStatus} || integration_type = 'google_analytics')`;
    app.save(integrations);
  },
  (app) => {
    for (const name of ['integration_orders', 'integration_deliveries']) app.delete(app.findCollectionByNameOrId(name));
    const exposures = app.findCollectionByNameOrId('experiment_exposures');
    exposures.indexes = /** @type {types.JSONArray<string>} */ (
      exposures.indexes.filter((i) => i.indexOf('idx_experiment_exposures_site_feed') < 0)
    );
    app.save(exposures);
    const events = app.findCollectionByNameOrId('events');
    events.indexes = /** @type {types.JSONArray<string>} */ (
      events.indexes.filter((i) => i.indexOf('idx_events_site_conversion_feed') < 0)
    );
    app.save(events);
    const integrations = app.findCollectionByNameOrId('integrations');
    const EDITOR = '@request.auth.id != "" && site_id.editor_ids.id ?= @request.auth.id';
    const notSet = '@request.body.last_synced_at:isset = false && @request.body.error_message:isset = false';
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    integrations.createRule = `${EDITOR} && ${notSet}`;
    integrations.updateRule = `${EDITOR} && ${KEEP_SITE} && ${notSet}`;
    app.save(integrations);
  },
);
