// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A report's attachment keeps the name it was made with ("shop.example.com-performance-<date>.pdf")
// beside the stored file, whose name PocketBase normalizes (dots become underscores and a random
// part is added) and cannot be mapped back: a retried mail attaches the file under this name.
migrate(
  (app) => {
    const history = app.findCollectionByNameOrId('report_history');
    history.fields.add(new TextField({ name: 'attachment_name', max: 255 }));
    app.save(history);
  },
  (app) => {
    const history = app.findCollectionByNameOrId('report_history');
    history.fields.removeByName('attachment_name');
    app.save(history);
  },
);
