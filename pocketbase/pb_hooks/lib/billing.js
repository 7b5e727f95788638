// @ts-check
// Billing state: a user's subscription row and the plan of every site they own.
var ACTIVE = ['active', 'trialing', 'past_due'];

function findOne(app, collection, filter, params) {
  var list = app.findRecordsByFilter(collection, filter, '-updated_at', 1, 0, params);
  return list.length ? list[0] : null;
}

module.exports = {
  /** The user's subscription row, or null. */
  subscriptionOf: function (app, userId) {
    return findOne(app, 'subscriptions', 'user_id = {:uid}', { uid: userId });
  },

  /** True when the user pays for a plan right now. */
  hasActivePlan: function (sub) {
    return (
      !!sub &&
      sub.getString('plan_tier') !== 'free' &&
      sub.getString('plan_tier') !== '' &&
      ACTIVE.indexOf(sub.getString('subscription_status')) >= 0
    );
  },

  /** Finds the user an update is about: its reference first, then the Stripe ids. */
  resolveUserId: function (app, update) {
    if (update.userId) {
      try {
        return app.findRecordById('users', update.userId).id;
      } catch (_) {
        // a reference to a deleted user: fall back to the Stripe ids
      }
    }
    var sub = null;
    if (update.subscriptionId) sub = findOne(app, 'subscriptions', 'stripe_subscription_id = {:v}', { v: update.subscriptionId });
    if (!sub && update.customerId) sub = findOne(app, 'subscriptions', 'stripe_customer_id = {:v}', { v: update.customerId });
    return sub ? sub.getString('user_id') : '';
  },

  /**
   * Writes plan/status/ids to the user's subscription row and to every site the user owns.
   * Fields left undefined in `change` are kept. Returns the number of sites changed.
   */
  apply: function (app, userId, change) {
    var sub = module.exports.subscriptionOf(app, userId);
    if (!sub) {
      sub = new Record(app.findCollectionByNameOrId('subscriptions'));
      sub.set('user_id', userId);
      sub.set('plan_tier', 'free');
    }
    var fields = {
      plan_tier: change.plan,
      subscription_status: change.status,
      stripe_customer_id: change.customerId,
      stripe_subscription_id: change.subscriptionId,
      stripe_event_at: change.eventAt,
    };
    for (var f in fields) if (fields[f] !== undefined && fields[f] !== null) sub.set(f, fields[f]);
    app.save(sub);

    var sites = app.findRecordsByFilter('sites', 'user_id = {:uid}', '', 0, 0, { uid: userId });
    for (var i = 0; i < sites.length; i++) module.exports.copyToSite(sub, sites[i]);
    for (var j = 0; j < sites.length; j++) app.save(sites[j]);
    return sites.length;
  },

  /**
   * Brings the plan of every site the subscription's user owns in line with it, saving only the
   * sites that differ (an operator's edit in the admin UI on an install without payments).
   */
  syncSites: function (app, sub) {
    var sites = app.findRecordsByFilter('sites', 'user_id = {:uid}', '', 0, 0, { uid: sub.getString('user_id') });
    for (var i = 0; i < sites.length; i++) {
      var site = sites[i];
      var before = site.getString('plan_tier') + '|' + site.getString('subscription_status');
      module.exports.copyToSite(sub, site);
      if (site.getString('plan_tier') + '|' + site.getString('subscription_status') !== before) app.save(site);
    }
  },

  copyToSite: function (sub, site) {
    site.set('plan_tier', sub.getString('plan_tier') || 'free');
    site.set('subscription_status', sub.getString('subscription_status'));
    site.set('stripe_customer_id', sub.getString('stripe_customer_id'));
    site.set('stripe_subscription_id', sub.getString('stripe_subscription_id'));
  },
};
