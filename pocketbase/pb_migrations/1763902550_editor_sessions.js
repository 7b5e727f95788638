// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The visual editor's sessions (pb_hooks/visual_editor.pb.js): a short-lived, single-use edit
// token the dashboard puts in the customer's page URL fragment, and once the tracker has
// verified it, the session credential the editor on that page saves with. Both are stored
// hashed; the collection has no API rules (only the hooks read and write it).
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const users = app.findCollectionByNameOrId('users');
    const text = (name, max, required) => new TextField({ name, max, required: !!required });
    const c = new Collection({
      type: 'base',
      name: 'editor_sessions',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
    });
    for (const f of [
      new RelationField({ name: 'site_id', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true }),
      new RelationField({ name: 'user_id', collectionId: users.id, maxSelect: 1, cascadeDelete: true, required: true }),
      // What the session may change: a rule, or an experiment (all of its variants).
      new SelectField({ name: 'target_kind', values: ['rule', 'experiment'], maxSelect: 1, required: true }),
      text('target_id', 15, true),
      text('variant', 64),
      // SHA-256 of the edit token (in the URL fragment) and of the session credential.
      text('token_hash', 64, true),
      text('session_hash', 64),
      new DateField({ name: 'expires_at', required: true }),
      new DateField({ name: 'consumed_at' }),
      new DateField({ name: 'session_expires_at' }),
      new AutodateField({ name: 'created_at', onCreate: true, onUpdate: false }),
    ])
      c.fields.add(f);
    c.indexes = /** @type {types.JSONArray<string>} */ ([
      'CREATE UNIQUE INDEX idx_editor_sessions_token ON editor_sessions (token_hash)',
      "CREATE INDEX idx_editor_sessions_session ON editor_sessions (session_hash) WHERE session_hash != ''",
    ]);
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('editor_sessions'));
  },
);
