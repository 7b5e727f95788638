// Payments against stripe-mock: checkout for every paid plan, the signed webhook setting the
// plan once, refusals that change nothing, and the billing portal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { startStripeMock, type StripeMock } from '../helpers/stripe-mock';
import { postWebhook, signedHeaders, stripeEvent, WEBHOOK_SECRET } from '../helpers/stripe-events';

const APP = 'http://app.test:4321';
const PRICES = { starter: 'price_starter_test', growth: 'price_growth_test', enterprise: 'price_enterprise_test' } as const;
const RETURN = { successUrl: `${APP}/payment-success`, cancelUrl: `${APP}/payment-cancel` };

let mock: StripeMock;
let server: TestServer;

beforeAll(async () => {
  mock = await startStripeMock();
  server = await startPocketBase({
    env: {
      ...mock.env,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_GROWTH: PRICES.growth,
      STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
      APP_URL: APP,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await mock?.stop();
});

async function checkout(user: TestUser, body: Record<string, unknown>) {
  return user.client.send<{ url: string }>('/api/cro/create-checkout-session', { method: 'POST', body });
}
async function failure(p: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await p;
  } catch (err) {
    return err as ClientResponseError;
  }
  throw new Error('expected the call to fail');
}
async function userWithSite(): Promise<{ user: TestUser; siteId: string }> {
  const user = await server.createUser();
  const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: `shop-${user.record.id}.example.com` });
  return { user, siteId: site.id };
}
const siteOf = (id: string) => server.admin.collection('sites').getOne(id);
const completed = (userId: string, plan: string, extra: Record<string, unknown> = {}) =>
  stripeEvent('checkout.session.completed', {
    id: `cs_test_${userId}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: userId,
    customer: `cus_${userId}`,
    subscription: `sub_${userId}`,
    metadata: { user_id: userId, plan },
    ...extra,
  });

describe('create-checkout-session', () => {
  for (const plan of ['starter', 'growth', 'enterprise'] as const) {
    it(`opens a Stripe Checkout session for ${plan} at its configured price`, async () => {
      const user = await server.createUser();
      const res = await checkout(user, { plan, ...RETURN });
      expect(res.url).toMatch(/^https:\/\//);
      // What reached Stripe: a subscription checkout at the plan's price, for this user.
      const sent = mock.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === user.record.id);
      expect(sent).toHaveLength(1);
      const form = sent[0]!.form;
      expect(
        Object.fromEntries(
          [
            'mode',
            'line_items[0][price]',
            'line_items[0][quantity]',
            'customer_email',
            'success_url',
            'cancel_url',
            'metadata[plan]',
            'subscription_data[trial_period_days]',
            'payment_method_collection',
          ].map((k) => [k, form.get(k)]),
        ),
      ).toEqual({
        mode: 'subscription',
        'line_items[0][price]': PRICES[plan],
        'line_items[0][quantity]': '1',
        customer_email: user.email,
        success_url: `${RETURN.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: RETURN.cancelUrl,
        'metadata[plan]': plan,
        'subscription_data[trial_period_days]': '7',
        payment_method_collection: 'if_required',
      });
      const pending = await server.admin.collection('stripe_checkouts').getFullList({ filter: `user_id = "${user.record.id}"` });
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ plan_tier: plan, price_id: PRICES[plan], status: 'open' });
      expect(pending[0]?.session_id).toMatch(/^cs_/);
    });
  }

  it('accepts a configured price id instead of a plan name', async () => {
    const user = await server.createUser();
    await checkout(user, { priceId: PRICES.growth, ...RETURN });
    const pending = await server.admin.collection('stripe_checkouts').getFirstListItem(`user_id = "${user.record.id}"`);
    expect(pending.plan_tier).toBe('growth');
  });

  it('refuses unknown plans, foreign return URLs and signed-out callers', async () => {
    const user = await server.createUser();
    let err = await failure(checkout(user, { plan: 'platinum', ...RETURN }));
    expect([err.status, err.response.message]).toEqual([400, 'Invalid plan selected']);
    err = await failure(checkout(user, { priceId: 'price_someone_elses', ...RETURN }));
    expect([err.status, err.response.message]).toEqual([400, 'Invalid plan selected']);
    err = await failure(checkout(user, { plan: 'growth', successUrl: 'https://evil.example/x', cancelUrl: RETURN.cancelUrl }));
    expect([err.status, err.response.message]).toEqual([400, 'Invalid return URL']);
    err = await failure(
      server.anonymous().send('/api/cro/create-checkout-session', { method: 'POST', body: { plan: 'growth', ...RETURN } }),
    );
    expect(err.status).toBe(401);
    const broken = await fetch(`${server.url}/api/cro/create-checkout-session`, {
      method: 'POST',
      body: '{not json',
      headers: { 'Content-Type': 'application/json', Authorization: user.client.authStore.token },
    });
    expect(broken.status).toBe(400);
    const pending = await server.admin.collection('stripe_checkouts').getFullList({ filter: `user_id = "${user.record.id}"` });
    expect(pending).toHaveLength(0);
    expect(mock.requests.filter((r) => r.form.get('client_reference_id') === user.record.id)).toHaveLength(0);
  });
});

describe('stripe-webhook', () => {
  it("makes the user's site growth on a signed checkout.session.completed, and a replay changes nothing", async () => {
    const { user, siteId } = await userWithSite();
    expect((await siteOf(siteId)).plan_tier).toBe('free');

    const event = JSON.stringify(completed(user.record.id, 'growth'));
    const first = await postWebhook(server.url, event, signedHeaders(event));
    expect(first).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    expect(await siteOf(siteId)).toMatchObject({ plan_tier: 'growth', subscription_status: 'active' });
    // The owner sees the plan too, and what it allows (the UI mirrors this).
    expect((await user.client.collection('sites').getOne(siteId)).plan_tier).toBe('growth');
    const allowed = await user.client.send(`/api/cro/sites/${siteId}/entitlements`, {});
    expect(allowed).toMatchObject({
      tier: 'growth',
      scanResultLimit: 30,
      capabilities: { deploy_optimization: true, ai_analysis: true, cro_workers: false },
    });

    // The subscription ends; then the old checkout event arrives again: it must not come back.
    const deleted = JSON.stringify(
      stripeEvent('customer.subscription.deleted', {
        id: `sub_${user.record.id}`,
        object: 'subscription',
        customer: `cus_${user.record.id}`,
        status: 'canceled',
      }),
    );
    expect((await postWebhook(server.url, deleted, signedHeaders(deleted))).status).toBe(200);
    expect(await siteOf(siteId)).toMatchObject({ plan_tier: 'free', subscription_status: 'canceled' });

    const replay = await postWebhook(server.url, event, signedHeaders(event));
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await siteOf(siteId)).toMatchObject({ plan_tier: 'free', subscription_status: 'canceled' });

    // Coming back: the same Stripe customer, and no second free trial.
    await checkout(user, { plan: 'growth', ...RETURN });
    const again = mock.requests
      .filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === user.record.id)
      .at(-1)!.form;
    expect([again.get('customer'), again.get('customer_email'), again.get('subscription_data[trial_period_days]')]).toEqual([
      `cus_${user.record.id}`,
      null,
      null,
    ]);
  });

  it('refuses bad, stale, unsigned and malformed deliveries with 400 and changes nothing', async () => {
    const { user, siteId } = await userWithSite();
    const event = JSON.stringify(completed(user.record.id, 'enterprise'));
    const cases: Record<string, string>[] = [
      signedHeaders(event, { secret: 'whsec_wrong' }),
      signedHeaders(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json', 'Stripe-Signature': 'garbage' },
      // Signed, then the body is altered.
      signedHeaders(event.replace('enterprise', 'starter')),
    ];
    for (const headers of cases) {
      const res = await postWebhook(server.url, event, headers);
      expect(res.status).toBe(400);
    }
    const notJson = 'not json';
    expect((await postWebhook(server.url, notJson, signedHeaders(notJson))).status).toBe(400);
    const noObject = JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed' });
    expect((await postWebhook(server.url, noObject, signedHeaders(noObject))).status).toBe(400);

    expect((await siteOf(siteId)).plan_tier).toBe('free');
    // Signed, but about nobody we know: accepted (Stripe must not retry it) and nothing changes.
    const stranger = JSON.stringify(
      stripeEvent('invoice.payment_failed', { id: 'in_x', object: 'invoice', customer: 'cus_unknown', subscription: 'sub_unknown' }),
    );
    expect((await postWebhook(server.url, stranger, signedHeaders(stranger))).status).toBe(200);
    expect(await server.admin.collection('notifications').getFullList({ filter: `user_id = "${user.record.id}"` })).toHaveLength(0);
    const seen = await server.admin.collection('stripe_events').getFullList({ filter: `event_id = "${JSON.parse(event).id}"` });
    expect(seen).toHaveLength(0);
  });

  it('follows subscription updates by price and flags failed payments with a notification', async () => {
    const { user, siteId } = await userWithSite();
    const start = JSON.stringify(completed(user.record.id, 'starter'));
    await postWebhook(server.url, start, signedHeaders(start));
    expect((await siteOf(siteId)).plan_tier).toBe('starter');

    // No metadata: found by the subscription id, plan from the price.
    const upgraded = JSON.stringify(
      stripeEvent('customer.subscription.updated', {
        id: `sub_${user.record.id}`,
        object: 'subscription',
        customer: `cus_${user.record.id}`,
        status: 'active',
        items: { object: 'list', data: [{ id: 'si_1', price: { id: PRICES.enterprise } }] },
      }),
    );
    await postWebhook(server.url, upgraded, signedHeaders(upgraded));
    expect(await siteOf(siteId)).toMatchObject({ plan_tier: 'enterprise', subscription_status: 'active' });

    const failed = JSON.stringify(
      stripeEvent('invoice.payment_failed', {
        id: 'in_1',
        object: 'invoice',
        customer: `cus_${user.record.id}`,
        subscription: `sub_${user.record.id}`,
      }),
    );
    await postWebhook(server.url, failed, signedHeaders(failed));
    expect(await siteOf(siteId)).toMatchObject({ plan_tier: 'enterprise', subscription_status: 'past_due' });
    const notes = await user.client.collection('notifications').getFullList();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'alert', title: 'Payment failed', read: false });

    // A site added later starts on the plan the user pays for.
    await server.admin.collection('sites').create({ user_id: user.record.id, domain: `second-${user.record.id}.example.com` });
    const sites = await user.client.collection('sites').getFullList();
    expect(sites.map((s) => s.plan_tier)).toEqual(['enterprise', 'enterprise']);
  });

  it('does not let a user set plan_tier or subscription_status through the API', async () => {
    const { user, siteId } = await userWithSite();
    for (const body of [{ plan_tier: 'enterprise' }, { subscription_status: 'active' }]) {
      const err = await failure(user.client.collection('sites').update(siteId, body));
      expect(err.status).toBeGreaterThanOrEqual(400);
      expect(err.status).toBeLessThan(500);
    }
    const err = await failure(
      user.client.collection('sites').create({ user_id: user.record.id, domain: 'x.example.com', plan_tier: 'growth' }),
    );
    expect(err.status).toBe(400);
    expect((await siteOf(siteId)).plan_tier).toBe('free');
    expect(await user.client.send(`/api/cro/sites/${siteId}/entitlements`, {})).toMatchObject({
      tier: 'free',
      scanResultLimit: 3,
      capabilities: { deploy_optimization: false },
    });
    const stranger = await server.createUser();
    expect((await failure(stranger.client.send(`/api/cro/sites/${siteId}/entitlements`, {}))).status).toBe(404);
    const subscriptions = await failure(user.client.collection('subscriptions').create({ user_id: user.record.id, plan_tier: 'growth' }));
    expect(subscriptions.status).toBe(403);
  });
});

describe('billing portal', () => {
  it('opens the customer portal for a paying user and refuses users without a subscription', async () => {
    const { user } = await userWithSite();
    const free = await failure(user.client.send('/api/cro/billing-portal', { method: 'POST', body: {} }));
    expect([free.status, free.response.message]).toEqual([400, 'No paid subscription found']);

    const event = JSON.stringify(completed(user.record.id, 'growth'));
    await postWebhook(server.url, event, signedHeaders(event));
    const res = await user.client.send<{ url: string }>('/api/cro/billing-portal', {
      method: 'POST',
      body: { returnUrl: `${APP}/pricing` },
    });
    expect(res.url).toMatch(/^https:\/\//);
    const portal = mock.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect([portal?.form.get('customer'), portal?.form.get('return_url')]).toEqual([`cus_${user.record.id}`, `${APP}/pricing`]);
    // The user sees the plan, not the Stripe ids.
    const sub = await user.client.collection('subscriptions').getFirstListItem('');
    expect(sub).toMatchObject({ plan_tier: 'growth', subscription_status: 'active' });
    expect(sub.stripe_customer_id).toBeUndefined();

    // Already paying: a second checkout is refused.
    const again = await failure(checkout(user, { plan: 'enterprise', ...RETURN }));
    expect(again.status).toBe(409);
  });
});

describe('checkout result', () => {
  it('confirms a checkout to its own user only once the signed webhook applied it', async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    const res = await user.client.send<{ url: string; session_id: string }>('/api/cro/create-checkout-session', {
      method: 'POST',
      body: { plan: 'growth', ...RETURN },
    });
    expect(res.session_id).toMatch(/^cs_/);
    const ask = (who: TestUser, id: string) => who.client.send(`/api/cro/checkout-sessions/${encodeURIComponent(id)}`, {});

    expect(await ask(user, res.session_id)).toEqual({ confirmed: false });
    // Another user's session, a made-up one and no session are all unknown.
    expect((await failure(ask(other, res.session_id))).status).toBe(404);
    expect((await failure(ask(user, 'cs_made_up'))).status).toBe(404);
    expect((await failure(server.anonymous().send(`/api/cro/checkout-sessions/${res.session_id}`, {}))).status).toBe(401);

    const event = JSON.stringify(completed(user.record.id, 'growth', { id: res.session_id }));
    expect((await postWebhook(server.url, event, signedHeaders(event))).status).toBe(200);
    expect(await ask(user, res.session_id)).toEqual({
      confirmed: true,
      plan: 'growth',
      plan_name: 'Growth',
      subscription_status: 'active',
    });
  });
});

describe('plans on an install without payments', () => {
  it("follows the operator's edit of a user's subscription in the admin UI to every site the user owns", async () => {
    const { user, siteId } = await userWithSite();
    // The operator creates the row (the user never paid) and sets the plan.
    const sub = await server.admin
      .collection('subscriptions')
      .create({ user_id: user.record.id, plan_tier: 'enterprise', subscription_status: 'active' });
    expect(await siteOf(siteId)).toMatchObject({ plan_tier: 'enterprise', subscription_status: 'active' });
    // The plan's limits now hold: a second site (the Free plan allows one) is accepted.
    const second = await user.client.collection('sites').create({ user_id: user.record.id, domain: `blog-${user.record.id}.example.com` });
    // A paying owner's new site starts on their plan, not on Free.
    expect((await siteOf(second.id)).plan_tier).toBe('enterprise');

    // Changed later, the sites follow again; a gate on the server now sees the new plan.
    await server.admin.collection('subscriptions').update(sub.id, { plan_tier: 'starter' });
    for (const id of [siteId, second.id]) expect((await siteOf(id)).plan_tier).toBe('starter');
    const entitlements = await user.client.send<{ tier: string }>(`/api/cro/sites/${siteId}/entitlements`, { method: 'GET' });
    expect(entitlements.tier).toBe('starter');
  });
});
