// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Connecting an integration: settings are readable by the site's members; credentials are sealed
// (AES-GCM, $integrations) into a hidden field that no API answer includes. Editors and above may
// connect; this route is the only writer of an integration's type, status, settings and
// credentials (the collection API lets editors only toggle enabled, and delete). Only Google
// Analytics (its card links a property) and the integrations the tracker does in the browser
// (Google Tag Manager: connected is what turns on its dataLayer pushes,
// pocketbase/analytics/tag_manager.go) are 'connected' at once; the others are 'pending' until a
// delivery or a signed webhook has worked (pocketbase/integrations), so no card claims what has
// not happened.

routerAdd(
  'POST',
  '/api/cro/integrations/connect',
  (e) => {
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const guard = require(`${__hooks}/lib/site_guard.js`);
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const body = reply.body(e);
    if (!body) throw new BadRequestError('A JSON body is required');
    const site = guard.requireSiteRole(e, body.siteId, 'editor', { required: 'siteId is required' });
    const type = String(body.type || '');
    const definition = domain.INTEGRATIONS.find((i) => i.type === type);
    if (!definition) throw new BadRequestError('Unknown integration type');

    let record;
    try {
      record = e.app.findFirstRecordByFilter('integrations', 'site_id = {:site} && integration_type = {:type}', {
        site: site.id,
        type: type,
      });
    } catch (_) {
      record = null;
    }
    const storedCredentials = record ? $integrations.open(record) : {};
    const hasStored = Object.keys(storedCredentials).length > 0;
    const checked = domain.validateIntegrationInput(type, body.values, hasStored);
    if (checked.ok === false) throw new BadRequestError(checked.error);

    if (!record) {
      record = new Record(e.app.findCollectionByNameOrId('integrations'));
      record.set('site_id', site.id);
      record.set('integration_type', type);
    }
    const credentials = Object.assign({}, storedCredentials, checked.value.credentials);
    // The server's own bookkeeping survives a reconfiguration: where forwarding has got to, and the
    // week last summarised, so nothing is sent twice.
    const kept = {};
    const previous = record.isNew() ? {} : JSON.parse(record.getString('settings') || '{}') || {};
    ['forwarded_until', 'weekly_summary_week'].forEach((k) => {
      if (previous[k] !== undefined) kept[k] = previous[k];
    });
    const settings = Object.assign(kept, checked.value.settings, { credential_keys: Object.keys(credentials).sort() });
    const status = type === 'google_analytics' || definition.mode === 'browser' ? 'connected' : 'pending';
    record.set('name', definition.name);
    record.set('status', status);
    record.set('enabled', true);
    record.set('settings', settings);
    record.set('credentials', $integrations.seal(credentials));
    record.set('error_message', '');
    e.app.save(record);
    return e.json(200, {
      id: record.id,
      integration_type: type,
      name: definition.name,
      status: status,
      settings: settings,
    });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(16 << 10),
);
