// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Reports that really go out: each history entry names its scheduled report (none for an export),
// its format and recipients, and how its delivery went: the attempts so far, when the next one is
// due (a failed send is retried with backoff) and the last error. Only the server writes them.
migrate(
  (app) => {
    const reports = app.findCollectionByNameOrId('scheduled_reports');
    const history = app.findCollectionByNameOrId('report_history');
    history.fields.add(new RelationField({ name: 'report_id', collectionId: reports.id, maxSelect: 1, cascadeDelete: false }));
    history.fields.add(new SelectField({ name: 'format', values: ['pdf', 'csv', 'excel', 'email'], maxSelect: 1 }));
    history.fields.add(new JSONField({ name: 'recipients', maxSize: 5000 }));
    history.fields.add(new NumberField({ name: 'attempts', min: 0, onlyInt: true }));
    history.fields.add(new DateField({ name: 'next_attempt_at' }));
    history.fields.add(new TextField({ name: 'error', max: 2000 }));
    history.fields.add(new TextField({ name: 'period', max: 40 }));
    app.save(history);
  },
  (app) => {
    const history = app.findCollectionByNameOrId('report_history');
    for (const name of ['report_id', 'format', 'recipients', 'attempts', 'next_attempt_at', 'error', 'period'])
      history.fields.removeByName(name);
    app.save(history);
  },
);
