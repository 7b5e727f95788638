// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Stripe Checkout and the customer portal for signed-in users. The plan -> price mapping and
// the secret key live only here (environment variables).

routerAdd(
  'POST',
  '/api/cro/create-checkout-session',
  (e) => {
    const config = require(`${__hooks}/lib/billing_config.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const stripe = require(`${__hooks}/lib/stripe_api.js`);
    const billing = require(`${__hooks}/lib/billing.js`);
    const domain = require(`${__hooks}/lib/generated/domain.js`);

    if (!config.secretKey()) return reply.error(e, 503, 'Payments are not configured');
    const body = reply.body(e);
    if (!body) return reply.error(e, 400, 'Invalid request body');

    // Either a plan name or one of the configured price ids; anything else is not for sale.
    const prices = config.prices();
    let plan = '';
    if (typeof body.plan === 'string' && body.plan !== '') plan = body.plan;
    else if (typeof body.priceId === 'string' && body.priceId !== '') plan = config.planByPrice()[body.priceId] || '';
    if (!domain.isCheckoutPlan(plan) || !prices[plan]) return reply.error(e, 400, 'Invalid plan selected');

    const origins = config.allowedOrigins();
    if (!domain.isAllowedReturnUrl(body.successUrl, origins) || !domain.isAllowedReturnUrl(body.cancelUrl, origins)) {
      return reply.error(e, 400, 'Invalid return URL');
    }

    const user = e.auth;
    const sub = billing.subscriptionOf(e.app, user.id);
    if (billing.hasActivePlan(sub)) {
      return reply.error(e, 409, 'You already have an active subscription. Manage it from the billing portal.');
    }
    const customer = sub ? sub.getString('stripe_customer_id') : '';

    const params = {
      mode: 'subscription',
      line_items: { 0: { price: prices[plan], quantity: 1 } },
      success_url: domain.withCheckoutSessionId(body.successUrl),
      cancel_url: body.cancelUrl,
      client_reference_id: user.id,
      metadata: { user_id: user.id, plan: plan },
      subscription_data: { metadata: { user_id: user.id, plan: plan } },
    };
    if (customer) params.customer = customer;
    else params.customer_email = user.email();
    // The advertised free trial, without a card: Stripe cancels it at the end if none was added.
    // A returning customer (one who already had a trial) pays from day one.
    const trialDays = config.trialDays();
    if (trialDays > 0 && !customer) {
      params.subscription_data.trial_period_days = trialDays;
      params.subscription_data.trial_settings = { end_behavior: { missing_payment_method: 'cancel' } };
      params.payment_method_collection = 'if_required';
    }

    const res = stripe.post('/v1/checkout/sessions', params);
    if (!res.ok) {
      e.app.logger().error('checkout: Stripe refused the session', 'status', res.status, 'error', res.error, 'user', user.id);
      return reply.error(e, 502, 'Failed to start checkout');
    }
    const url = res.json && typeof res.json.url === 'string' ? res.json.url : '';
    if (!url) return reply.error(e, 502, 'No checkout URL returned');

    const pending = new Record(e.app.findCollectionByNameOrId('stripe_checkouts'));
    pending.set('user_id', user.id);
    pending.set('plan_tier', plan);
    pending.set('price_id', prices[plan]);
    pending.set('session_id', String(res.json.id || ''));
    pending.set('status', 'open');
    e.app.save(pending);

    return e.json(200, { url: url, session_id: pending.getString('session_id') });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// /payment-success asks about the checkout it returned from: confirmed only once the signed
// webhook has applied it, so the page never tells anyone a plan is active that is not.
routerAdd(
  'GET',
  '/api/cro/checkout-sessions/{id}',
  (e) => {
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const billing = require(`${__hooks}/lib/billing.js`);
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const user = e.auth;
    const id = e.request.pathValue('id');
    const rows = e.app.findRecordsByFilter('stripe_checkouts', 'session_id = {:s} && user_id = {:u}', '', 1, 0, { s: id, u: user.id });
    // Another user's session is as unknown as a made-up one.
    if (!id || !rows.length) return reply.error(e, 404, 'Checkout not found');
    const checkout = rows[0];
    if (checkout.getString('status') !== 'completed') return e.json(200, { confirmed: false });
    const sub = billing.subscriptionOf(e.app, user.id);
    const tier = domain.normalizeTier(sub ? sub.getString('plan_tier') : checkout.getString('plan_tier'));
    return e.json(200, {
      confirmed: true,
      plan: tier,
      plan_name: domain.planName(tier),
      subscription_status: sub ? sub.getString('subscription_status') : '',
    });
  },
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/cro/billing-portal',
  (e) => {
    const config = require(`${__hooks}/lib/billing_config.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const stripe = require(`${__hooks}/lib/stripe_api.js`);
    const billing = require(`${__hooks}/lib/billing.js`);
    const domain = require(`${__hooks}/lib/generated/domain.js`);

    if (!config.secretKey()) return reply.error(e, 503, 'Payments are not configured');
    const body = reply.body(e) || {};
    const sub = billing.subscriptionOf(e.app, e.auth.id);
    const customer = sub ? sub.getString('stripe_customer_id') : '';
    if (!customer) return reply.error(e, 400, 'No paid subscription found');

    const returnUrl = domain.isAllowedReturnUrl(body.returnUrl, config.allowedOrigins())
      ? body.returnUrl
      : config.appUrl() + '/dashboard/settings';
    const res = stripe.post('/v1/billing_portal/sessions', { customer: customer, return_url: returnUrl });
    if (!res.ok || !res.json || typeof res.json.url !== 'string') {
      e.app.logger().error('billing portal: Stripe refused the session', 'status', res.status, 'error', res.error, 'user', e.auth.id);
      return reply.error(e, 502, 'Failed to open the billing portal');
    }
    return e.json(200, { url: res.json.url });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);

// A site added by a paying user starts on that user's plan.
onRecordCreate((e) => {
  const billing = require(`${__hooks}/lib/billing.js`);
  const sub = billing.subscriptionOf(e.app, e.record.getString('user_id'));
  if (sub) billing.copyToSite(sub, e.record);
  e.next();
}, 'sites');
