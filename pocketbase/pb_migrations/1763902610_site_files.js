// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A site's files: images the visual editor uploads (POST /api/cro/editor/upload) to use as an
// image's new source on the customer's page. Members read the records, editors add and delete.
// The file field is not protected: a visitor's browser loads the image by its URL
// (/api/files/site_files/<id>/<name>, an unguessable record id and name suffix) without reading
// any record, whose list and view stay with the site's members.
migrate(
  (app) => {
    const sites = app.findCollectionByNameOrId('sites');
    const users = app.findCollectionByNameOrId('users');
    const AUTH = '@request.auth.id != ""';
    const MEMBER = `${AUTH} && site_id.member_ids.id ?= @request.auth.id`;
    const EDITOR = `${AUTH} && site_id.editor_ids.id ?= @request.auth.id`;
    const c = new Collection({
      type: 'base',
      name: 'site_files',
      listRule: MEMBER,
      viewRule: MEMBER,
      createRule: `${EDITOR} && @request.body.user_id = @request.auth.id`,
      updateRule: null,
      deleteRule: EDITOR,
    });
    for (const f of [
      new RelationField({ name: 'site_id', collectionId: sites.id, maxSelect: 1, cascadeDelete: true, required: true }),
      // Who uploaded it; emptied (the file stays the site's) when that account is deleted.
      new RelationField({ name: 'user_id', collectionId: users.id, maxSelect: 1, cascadeDelete: false }),
      new FileField({
        name: 'file',
        maxSelect: 1,
        maxSize: 2 * 1024 * 1024,
        mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
        protected: false,
        required: true,
      }),
      new AutodateField({ name: 'created_at', onCreate: true, onUpdate: false }),
    ])
      c.fields.add(f);
    c.indexes = /** @type {types.JSONArray<string>} */ (['CREATE INDEX idx_site_files_site ON site_files (site_id, created_at)']);
    app.save(c);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('site_files'));
  },
);
