// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Issue 30, finding 8: an integration's type, status, settings and credentials are written only by
// the connect route (POST /api/cro/integrations/connect: validation, sealing, the status rule)
// and by the server's deliveries. Before, editors could create a record or write settings (a
// webhook's destination) through the collection API past the route's checks, and mark any
// integration 'connected' by switching the type of their Google Analytics record. Editors keep
// what the collection API is for: turning an integration off and on (enabled) and deleting it.
// A field added to integrations later must be added to SERVER_FIELDS unless editors may set it.
migrate(
  (app) => {
    const integrations = app.findCollectionByNameOrId('integrations');
    const EDITOR = '@request.auth.id != "" && site_id.editor_ids.id ?= @request.auth.id';
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const SERVER_FIELDS = ['integration_type', 'name', 'status', 'settings', 'credentials', 'last_synced_at', 'error_message'];
    const notSet = SERVER_FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ');
    integrations.createRule = null;
    integrations.updateRule = `${EDITOR} && ${KEEP_SITE} && ${notSet}`;
    app.save(integrations);
  },
  (app) => {
    // The rules 1763902100_integration_deliveries.js left.
    const integrations = app.findCollectionByNameOrId('integrations');
    const EDITOR = '@request.auth.id != "" && site_id.editor_ids.id ?= @request.auth.id';
    const KEEP_SITE = '(@request.body.site_id:isset = false || @request.body.site_id = site_id)';
    const notSet = '@request.body.last_synced_at:isset = false && @request.body.error_message:isset = false';
    const serverStatus =
      "(@request.body.status:isset = false || @request.body.status = 'pending' || @request.body.status = 'not_connected'";
    integrations.createRule = `${EDITOR} && ${notSet} && ${serverStatus} || @request.body.integration_type = 'google_analytics')`;
    integrations.updateRule = `${EDITOR} && ${KEEP_SITE} && ${notSet} && ${serverStatus} || integration_type = 'google_analytics')`;
    app.save(integrations);
  },
);
