// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Pattern requests from the library's Request Pattern button: signed-in users create their own;
// they may read their own; only the server changes or deletes them (status is the server's).
// A request naming a site must come from a member of it (pb_hooks/pattern_requests.pb.js).
migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const users = app.findCollectionByNameOrId('users');
    const sites = app.findCollectionByNameOrId('sites');
    const c = new Collection(
      /** @type {CollectionJSON} */ ({
        type: 'base',
        name: 'pattern_requests',
        listRule: `${AUTH} && user_id = @request.auth.id`,
        viewRule: `${AUTH} && user_id = @request.auth.id`,
        createRule: `${AUTH} && @request.body.user_id = @request.auth.id && @request.body.status:isset = false`,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'user_id', type: 'relation', collectionId: users.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'site_id', type: 'relation', collectionId: sites.id, maxSelect: 1, cascadeDelete: false },
          { name: 'name', type: 'text', required: true, min: 3, max: 200 },
          { name: 'description', type: 'text', required: true, min: 10, max: 2000 },
          {
            name: 'category',
            type: 'select',
            values: ['conversion', 'trust', 'form', 'checkout', 'mobile', 'pricing', 'other'],
            maxSelect: 1,
            required: true,
          },
          { name: 'status', type: 'select', values: ['new', 'planned', 'published', 'declined'], maxSelect: 1 },
          { name: 'created_at', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: ['CREATE INDEX idx_pattern_requests_user ON pattern_requests (user_id, created_at)'],
      }),
    );
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('pattern_requests'));
  },
);
