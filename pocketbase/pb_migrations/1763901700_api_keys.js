// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// API keys of the public REST API (/v1): one site each, read or write, revocable. Only the site's
// owners and admins see them; only the server creates or revokes them (pocketbase/publicapi), so
// that the secret is made and shown once by the server and only its SHA-256 is stored (hidden).
// api_idempotency keeps the first answer to each Idempotency-Key of a site for a day: server only.
migrate(
  (app) => {
    const MANAGER = '@request.auth.id != "" && site_id.manager_ids.id ?= @request.auth.id';
    const users = app.findCollectionByNameOrId('users');
    const sites = app.findCollectionByNameOrId('sites');
    const keys = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'api_keys',
        listRule: MANAGER,
        viewRule: MANAGER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'name', type: 'text', required: true, min: 1, max: 60 },
          { name: 'prefix', type: 'text', required: true, max: 40 },
          { name: 'key_hash', type: 'text', required: true, hidden: true, max: 64 },
          { name: 'scope', type: 'select', values: ['read', 'write'], maxSelect: 1, required: true },
          { name: 'created_by', type: 'relation', collectionId: users.id, maxSelect: 1, cascadeDelete: false },
          { name: 'revoked_at', type: 'date' },
          { name: 'last_used_at', type: 'date' },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_api_keys_hash ON api_keys (key_hash)',
          'CREATE INDEX idx_api_keys_site ON api_keys (site_id, created_at)',
        ],
      }),
    );
    app.save(keys);
    const idem = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'api_idempotency',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'idem_key', type: 'text', required: true, max: 255 },
          { name: 'request_hash', type: 'text', max: 64 },
          { name: 'status', type: 'number', onlyInt: true },
          { name: 'response', type: 'json', maxSize: 8192 },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_api_idempotency_key ON api_idempotency (site_id, idem_key)',
          'CREATE INDEX idx_api_idempotency_created ON api_idempotency (created_at)',
        ],
      }),
    );
    app.save(idem);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('api_idempotency'));
    app.delete(app.findCollectionByNameOrId('api_keys'));
  },
);
