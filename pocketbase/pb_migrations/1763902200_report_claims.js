// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Report sends that survive a restart: each history entry keeps the last site-local day it covers
// (so a report whose making was cut short can be made again the same) and, while the server is
// making it or its mail is with the mail queue, when that began. The queue lives in memory, so an
// entry still claimed when the server starts was cut short and is taken up again once.
migrate(
  (app) => {
    const history = app.findCollectionByNameOrId('report_history');
    history.fields.add(new TextField({ name: 'covers', max: 10 }));
    history.fields.add(new DateField({ name: 'claimed_at' }));
    app.save(history);
  },
  (app) => {
    const history = app.findCollectionByNameOrId('report_history');
    for (const name of ['covers', 'claimed_at']) history.fields.removeByName(name);
    app.save(history);
  },
);
