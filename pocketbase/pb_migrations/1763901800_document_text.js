// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The text extracted from each uploaded document (pocketbase/docs), kept for the details view and
// later analyses. Written by the server only (documents have no update rule).
migrate(
  (app) => {
    const documents = app.findCollectionByNameOrId('documents');
    documents.fields.add(new TextField({ name: 'extracted_text', max: 100000 }));
    app.save(documents);
  },
  (app) => {
    const documents = app.findCollectionByNameOrId('documents');
    documents.fields.removeByName('extracted_text');
    app.save(documents);
  },
);
