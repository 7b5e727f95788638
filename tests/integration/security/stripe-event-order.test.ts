// Stripe does not deliver webhook events in order: an older subscription update that arrives
// after the deletion must not bring the paid plan back; a newer one still applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { postWebhook, signedHeaders, stripeEvent, WEBHOOK_SECRET } from '../../helpers/stripe-events';

const PRICES = { starter: 'price_starter_test', growth: 'price_growth_test', enterprise: 'price_enterprise_test' } as const;
let server: TestServer;

beforeAll(async () => {
  server = await startPocketBase({
    env: {
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_GROWTH: PRICES.growth,
      STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
    },
  });
});
afterAll(async () => server?.stop());

function subscriptionEvent(type: string, userId: string, status: string, created: number, price: string = PRICES.enterprise) {
  const event = stripeEvent(type, {
    id: `sub_${userId}`,
    object: 'subscription',
    customer: `cus_${userId}`,
    status,
    metadata: { user_id: userId },
    items: { object: 'list', data: [{ id: 'si_1', price: { id: price } }] },
  });
  return JSON.stringify({ ...event, created });
}
const send = (payload: string) => postWebhook(server.url, payload, signedHeaders(payload));

describe('Stripe events out of order', () => {
  it('an older subscription.updated after subscription.deleted does not restore enterprise', async () => {
    const user = await server.createUser();
    const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: `order-${user.record.id}.example.com` });
    const t = Math.floor(Date.now() / 1000);

    await send(subscriptionEvent('customer.subscription.updated', user.record.id, 'active', t - 120));
    expect(await server.admin.collection('sites').getOne(site.id)).toMatchObject({ plan_tier: 'enterprise' });
    await send(subscriptionEvent('customer.subscription.deleted', user.record.id, 'canceled', t - 10));
    expect(await server.admin.collection('sites').getOne(site.id)).toMatchObject({ plan_tier: 'free', subscription_status: 'canceled' });

    // Delayed delivery of an update Stripe created before the deletion.
    const latePayload = subscriptionEvent('customer.subscription.updated', user.record.id, 'active', t - 60);
    expect((await send(latePayload)).status).toBe(200);
    expect(await server.admin.collection('sites').getOne(site.id)).toMatchObject({ plan_tier: 'free', subscription_status: 'canceled' });
    const seen = await server.admin.collection('stripe_events').getFirstListItem(`event_id = "${JSON.parse(latePayload).id}"`);
    expect(seen.outcome).toMatch(/^stale/);
  });

  it('a newer update still applies, and so does an update delivered in the same second as the one before', async () => {
    const user = await server.createUser();
    const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: `newer-${user.record.id}.example.com` });
    const t = Math.floor(Date.now() / 1000);
    await send(subscriptionEvent('customer.subscription.updated', user.record.id, 'active', t - 30, PRICES.starter));
    await send(subscriptionEvent('customer.subscription.updated', user.record.id, 'active', t - 30, PRICES.growth));
    expect((await server.admin.collection('sites').getOne(site.id)).plan_tier).toBe('growth');
    await send(subscriptionEvent('customer.subscription.updated', user.record.id, 'active', t, PRICES.enterprise));
    expect((await server.admin.collection('sites').getOne(site.id)).plan_tier).toBe('enterprise');
    await send(subscriptionEvent('customer.subscription.updated', user.record.id, 'active', t - 5, PRICES.starter));
    expect((await server.admin.collection('sites').getOne(site.id)).plan_tier).toBe('enterprise');
  });
});
