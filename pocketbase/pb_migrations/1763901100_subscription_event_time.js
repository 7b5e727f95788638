// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// When the last applied Stripe event was created, per subscription row: Stripe may deliver an
// older event after a newer one, and the webhook must not apply it.
migrate(
  (app) => {
    const c = app.findCollectionByNameOrId('subscriptions');
    c.fields.add(new NumberField({ name: 'stripe_event_at', onlyInt: true, hidden: true }));
    app.save(c);
  },
  (app) => {
    const c = app.findCollectionByNameOrId('subscriptions');
    c.fields.removeByName('stripe_event_at');
    app.save(c);
  },
);
