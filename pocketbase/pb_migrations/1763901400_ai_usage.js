// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// AI usage per site and UTC day: chat messages and model tokens, counted by the chat hook
// (pb_hooks/ai_chat.pb.js) against the plan's allowance (src/lib/ai/quotas.ts). Members read
// their site's usage; only the server writes it.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const MEMBER = '@request.auth.id != "" && site_id.member_ids.id ?= @request.auth.id';
    const c = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'ai_usage',
        listRule: MEMBER,
        viewRule: MEMBER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'day', type: 'text', required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          { name: 'month', type: 'text', required: true, pattern: '^\\d{4}-\\d{2}$' },
          { name: 'messages', type: 'number', onlyInt: true, min: 0 },
          { name: 'tokens', type: 'number', onlyInt: true, min: 0 },
          { name: 'updated_at', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_ai_usage_site_day ON ai_usage (site_id, day)',
          'CREATE INDEX idx_ai_usage_site_month ON ai_usage (site_id, month)',
        ],
      }),
    );
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('ai_usage'));
  },
);
