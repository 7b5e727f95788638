// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// On an install without payments the operator sets a user's plan in the admin UI (/_/,
// subscriptions: plan_tier and subscription_status "active"); the user's sites follow at once, as
// they do after a Stripe webhook (README, "Plans on an install without payments").

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/billing.js`).syncSites(e.app, e.record);
  e.next();
}, 'subscriptions');

onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/billing.js`).syncSites(e.app, e.record);
  e.next();
}, 'subscriptions');
