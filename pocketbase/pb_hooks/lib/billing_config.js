// @ts-check
// Payment configuration from environment variables. Secrets stay on the server.
module.exports = {
  /** The Stripe secret key; empty means payments are not configured. */
  secretKey: function () {
    return ($os.getenv('STRIPE_SECRET_KEY') || '').trim();
  },
  webhookSecret: function () {
    return ($os.getenv('STRIPE_WEBHOOK_SECRET') || '').trim();
  },
  /** Stripe's API origin; tests point it at stripe-mock. */
  apiBase: function () {
    return ($os.getenv('STRIPE_API_BASE') || 'https://api.stripe.com').trim().replace(/\/+$/, '');
  },
  /** plan -> Stripe price id, from STRIPE_PRICE_<PLAN>; unset plans are not for sale. */
  prices: function () {
    var out = {};
    var plans = ['starter', 'growth', 'enterprise'];
    for (var i = 0; i < plans.length; i++) {
      var v = ($os.getenv('STRIPE_PRICE_' + plans[i].toUpperCase()) || '').trim();
      if (v) out[plans[i]] = v;
    }
    return out;
  },
  /**
   * price id -> plan, the reverse of prices().
   * @returns {Record<string, import('./generated/domain').CheckoutPlan>}
   */
  planByPrice: function () {
    var prices = module.exports.prices();
    /** @type {Record<string, import('./generated/domain').CheckoutPlan>} */
    var out = {};
    for (var plan in prices) out[prices[plan]] = /** @type {import('./generated/domain').CheckoutPlan} */ (plan);
    return out;
  },
  /** Free trial days of a new subscription (STRIPE_TRIAL_DAYS, default 7, 0 = none); no card needed during it. */
  trialDays: function () {
    var raw = ($os.getenv('STRIPE_TRIAL_DAYS') || '').trim();
    var n = raw === '' ? 7 : parseInt(raw, 10);
    return n >= 0 && n <= 730 ? n : 7;
  },
  /** The product's public URL, used in mail links and as the default checkout origin. */
  appUrl: function () {
    return ($os.getenv('APP_URL') || 'http://127.0.0.1:8090').trim().replace(/\/+$/, '');
  },
  /**
   * Origins checkout may return to: APP_URL plus ALLOWED_ORIGINS (comma separated). Without
   * APP_URL (local runs) the local server and Astro's dev server are allowed.
   */
  allowedOrigins: function () {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var list = [module.exports.appUrl(), $os.getenv('ALLOWED_ORIGINS') || ''];
    if (!($os.getenv('APP_URL') || '').trim()) {
      list.push('http://localhost:8090', 'http://127.0.0.1:4321', 'http://localhost:4321');
    }
    return domain.parseOrigins(list.join(','));
  },
};
