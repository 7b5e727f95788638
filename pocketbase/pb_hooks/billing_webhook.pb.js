// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Stripe webhook: verifies the signature over the raw body, applies each event once and never
// an event older than the last one applied to the same subscription.

routerAdd(
  'POST',
  '/api/cro/stripe-webhook',
  (e) => {
    const config = require(`${__hooks}/lib/billing_config.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const billing = require(`${__hooks}/lib/billing.js`);
    const domain = require(`${__hooks}/lib/generated/domain.js`);

    const secret = config.webhookSecret();
    if (!secret) return reply.error(e, 503, 'Payments are not configured');

    const raw = toString(e.request.body, 1024 * 1024);
    const sig = domain.parseStripeSignature(e.request.header.get('Stripe-Signature'));
    if (!sig) return reply.error(e, 400, 'Missing or malformed Stripe-Signature header');
    if (!domain.isFreshSignature(sig.timestamp, Math.floor(Date.now() / 1000))) {
      return reply.error(e, 400, 'Stale webhook signature');
    }
    const expected = $security.hs256(`${sig.timestamp}.${raw}`, secret);
    if (!sig.signatures.some((s) => $security.equal(s, expected))) return reply.error(e, 400, 'Invalid webhook signature');

    let event;
    try {
      event = JSON.parse(raw);
    } catch (_) {
      return reply.error(e, 400, 'Invalid event payload');
    }
    const parsed = domain.billingUpdateFromEvent(event, config.planByPrice());
    if (parsed.ok === false) return reply.error(e, 400, parsed.error);
    const update = parsed.update;

    let outcome = '';
    let duplicate = false;
    e.app.runInTransaction((tx) => {
      if (tx.findRecordsByFilter('stripe_events', 'event_id = {:id}', '', 1, 0, { id: update.eventId }).length) {
        duplicate = true;
        return;
      }
      outcome = applyUpdate(tx, update);
      const seen = new Record(tx.findCollectionByNameOrId('stripe_events'));
      seen.set('event_id', update.eventId);
      seen.set('type', update.type);
      seen.set('outcome', outcome);
      tx.save(seen);
    });
    if (!duplicate) e.app.logger().info('stripe webhook applied', 'event', update.eventId, 'type', update.type, 'outcome', outcome);
    return e.json(200, { received: true, duplicate: duplicate });

    function applyUpdate(tx, u) {
      if (u.kind === 'ignore') return 'ignored';
      const userId = billing.resolveUserId(tx, u);
      if (!userId) return 'no matching user';
      const current = billing.subscriptionOf(tx, userId);
      const applied = current
        ? {
            subscriptionId: current.getString('stripe_subscription_id'),
            eventAt: current.getInt('stripe_event_at'),
            status: current.getString('subscription_status'),
          }
        : null;
      if (domain.isStaleBillingUpdate(u, applied)) return 'stale: older than the last event applied to this subscription';

      let plan = u.plan;
      if (u.kind === 'checkout_completed' && u.sessionId) {
        const pending = tx.findRecordsByFilter('stripe_checkouts', 'session_id = {:s}', '', 1, 0, { s: u.sessionId });
        if (pending.length) {
          if (!plan) plan = pending[0].getString('plan_tier');
          pending[0].set('status', 'completed');
          tx.save(pending[0]);
        }
      }
      if (u.kind === 'checkout_completed' && !plan) return 'no plan in checkout session';

      const sites = billing.apply(tx, userId, {
        plan: plan,
        status: u.status,
        customerId: u.customerId,
        subscriptionId: u.subscriptionId,
        eventAt: u.createdAt,
      });

      if (u.kind === 'payment_failed') {
        require(`${__hooks}/lib/notify.js`).notify(tx, {
          user: userId,
          type: 'alert',
          title: 'Payment failed',
          message: 'We could not process your latest payment. Please update your payment method in Account Settings to keep your plan.',
          link: '/dashboard/settings',
        });
      }
      return `${u.kind}: user ${userId}, ${sites} site(s)` + (plan ? `, plan ${plan}` : '') + (u.status ? `, status ${u.status}` : '');
    }
  },
  $apis.bodyLimit(1 << 20),
);
