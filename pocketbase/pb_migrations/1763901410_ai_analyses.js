// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// AI analyses of a site ('Run Analysis'): the four figures and the insight cards, kept with their
// time. Members read their site's analyses; only the server writes them (pb_hooks/ai_analysis.pb.js).
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const MEMBER = '@request.auth.id != "" && site_id.member_ids.id ?= @request.auth.id';
    const c = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'ai_analyses',
        listRule: MEMBER,
        viewRule: MEMBER,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'engine', type: 'select', values: ['builtin', 'model'], maxSelect: 1, required: true },
          { name: 'analysis_data', type: 'json', maxSize: 10000 },
          { name: 'insights', type: 'json', maxSize: 200000 },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: ['CREATE INDEX idx_ai_analyses_site_created ON ai_analyses (site_id, created_at)'],
      }),
    );
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('ai_analyses'));
  },
);
