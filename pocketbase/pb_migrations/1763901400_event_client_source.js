// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Each raw event records the client it came from: a keyed hash of the sender's address (never the
// address), so that the health evaluation can tell one client's burst from many visitors' errors.
// Hidden: site members read events, but which of their visitors share an address is not theirs to see.
migrate(
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.fields.add(new TextField({ name: 'client', max: 64, hidden: true }));
    app.save(events);
  },
  (app) => {
    const events = app.findCollectionByNameOrId('events');
    events.fields.removeByName('client');
    app.save(events);
  },
);
