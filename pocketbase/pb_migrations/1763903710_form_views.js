// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Form analytics (pocketbase/forms): one row per form as one page view saw it, sent by the forms
// chunk (src/forms) and replaced by its later sends: the form's stable selector and page, started,
// submitted, the last field touched and per field its time, hesitation, refills and errors. There
// is no field for a value: the server has nowhere to keep one. Written by the server only.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const c = new Collection({ type: 'base', name: 'form_views', listRule: MEMBER, viewRule: MEMBER });
    c.fields.add(new RelationField({ name: 'site_id', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true }));
    c.fields.add(new TextField({ name: 'view_id', max: 40, required: true }));
    c.fields.add(new TextField({ name: 'session_id', max: 64 }));
    c.fields.add(new TextField({ name: 'selector', max: 500, required: true }));
    c.fields.add(new TextField({ name: 'path', max: 300, required: true }));
    c.fields.add(new BoolField({ name: 'started' }));
    c.fields.add(new BoolField({ name: 'submitted' }));
    c.fields.add(new TextField({ name: 'last_field', max: 100 }));
    c.fields.add(new JSONField({ name: 'fields', maxSize: 20000 }));
    c.fields.add(new DateField({ name: 'seen_at', required: true }));
    c.indexes = /** @type {types.JSONArray<string>} */ ([
      'CREATE UNIQUE INDEX idx_form_views_site_view ON form_views (site_id, view_id)',
      'CREATE INDEX idx_form_views_site_seen ON form_views (site_id, seen_at)',
    ]);
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('form_views'));
  },
);
