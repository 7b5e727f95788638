/**
 * Integrations over HTTP against local stand-ins: an automatic rollback reaches Slack and a signed
 * webhook; a receiver that fails twice gets three attempts and one delivery; 'Test connection' and
 * the delivery log; who may do what, and credentials in no answer; Shopify orders with a bad
 * signature change nothing, a good one adds revenue to the visitor's experiment variant.
 */
import { createHmac } from 'node:crypto';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { addMember, startSuite } from '../helpers/suite';
import { base64Hmac, startWebhookStandIn, validSignature, type WebhookStandIn } from '../helpers/webhook-standin';
import { ORIGIN, address, batch, post, trustForwardedFor, visit } from './analytics/helpers';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, siteId: string, site: RecordModel;
let slack: WebhookStandIn, hook: WebhookStandIn, segment: WebhookStandIn;
const SIGNING = 'whsec_integration_test_42';
const SLACK_SECRET_PATH = '/services/T000/B000/slack-secret-xyz';

const connect = (user: TestUser, type: string, values: Record<string, string>) =>
  user.client.send<{ id: string; status: string }>('/api/cro/integrations/connect', {
    method: 'POST',
    body: { siteId, type, values },
  });
const test = (user: TestUser, id: string) =>
  user.client.send<{ ok: boolean; http_status: number; error: string }>(`/api/cro/integrations/${id}/test`, { method: 'POST' });
const log = (id: string) =>
  owner.client.collection('integration_deliveries').getFullList({ filter: `integration_id = "${id}"`, sort: 'created_at,attempt' });

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let slackId: string, hookId: string;

beforeAll(async () => {
  slack = await startWebhookStandIn('ok');
  hook = await startWebhookStandIn('');
  segment = await startWebhookStandIn('{"success":true}');
  ({ server, owner, editor, viewer, siteId, site } = await startSuite({
    users: ['owner', 'editor', 'viewer'],
    site: 'shop.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
    env: {
      CRO_INTEGRATION_ALLOW_HOSTS: `${slack.hostPort},${hook.hostPort},${segment.hostPort}`,
      CRO_INTEGRATION_ENDPOINTS: `segment=${segment.url}`,
      CRO_INTEGRATION_FORWARD_SECONDS: '1',
      CRO_INTEGRATION_ALERT_SECONDS: '1',
      CRO_COLLECT_CLIENT_RPS: '0',
      CRO_INTEGRATION_RETRY_MS: '50',
      CRO_COLLECT_ALLOWED_ORIGINS: ORIGIN,
    },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth', error_threshold_percentage: 5 });
  slackId = (await connect(editor, 'slack', { webhook_url: slack.url + SLACK_SECRET_PATH })).id;
  hookId = (await connect(editor, 'webhook', { url: `${hook.url}/cro`, secret: SIGNING })).id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await slack?.stop();
  await hook?.stop();
  await segment?.stop();
});

describe('connecting and testing', () => {
  it('saves as pending, and Test connection reaches the stand-in, logs the attempt and marks it connected', async () => {
    const before = await owner.client.collection('integrations').getOne(hookId);
    expect(before.status).toBe('pending');
    const res = await test(editor, hookId);
    expect(res).toMatchObject({ ok: true, http_status: 200, error: '' });
    const sent = hook.received.at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'test', site: { id: siteId, domain: 'shop.example.com' } });
    expect(validSignature(sent.headers['x-cro-signature'] as string, sent.body, SIGNING)).toBe(true);
    const entries = await log(hookId);
    expect(entries.at(-1)).toMatchObject({ event: 'test', status: 'delivered', http_status: 200, attempt: 1 });
    const after = await owner.client.collection('integrations').getOne(hookId);
    expect(after.status).toBe('connected');
    expect(after.last_synced_at).not.toBe('');
    await test(editor, slackId);
  });

  it('a destination on a private network is refused by the guard, shown as the error', async () => {
    const bad = await connect(editor, 'zapier', { webhook_url: 'http://10.1.2.3/hooks/catch/1' });
    const res = await test(editor, bad.id);
    expect(res.ok).toBe(false);
    expect(res.error).toContain('not allowed');
    const rec = await owner.client.collection('integrations').getOne(bad.id);
    expect(rec).toMatchObject({ status: 'error' });
    await owner.client.collection('integrations').delete(bad.id);
  });

  it('viewers cannot connect or test; nobody reads credentials back from any answer', async () => {
    await expect(connect(viewer, 'segment', { write_key: 'wk' })).rejects.toMatchObject({ status: 403 });
    await expect(test(viewer, hookId)).rejects.toMatchObject({ status: 403 });
    const stranger = await server.createUser();
    await expect(test(stranger, hookId)).rejects.toMatchObject({ status: 404 });
    await expect(
      viewer.client.collection('integrations').update(hookId, { status: 'connected', credentials: { secret: 'x' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(editor.client.collection('integrations').update(hookId, { status: 'connected' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      viewer.client.collection('integration_deliveries').create({ site_id: siteId, integration_id: hookId }),
    ).rejects.toMatchObject({ status: 403 });
    for (const user of [owner, editor, viewer]) {
      const answers = JSON.stringify([
        await user.client.collection('integrations').getFullList(),
        await user.client.collection('integrations').getOne(slackId),
        await user.client.collection('integration_deliveries').getFullList(),
      ]);
      expect(answers).not.toContain(SIGNING);
      expect(answers).not.toContain('slack-secret-xyz');
    }
    // At rest the secrets are sealed: even the superuser API shows only ciphertext.
    const stored = await server.admin.collection('integrations').getOne(hookId);
    expect(stored.credentials).toEqual({ sealed: expect.stringMatching(/^v1:/) });
    expect(JSON.stringify(stored)).not.toContain(SIGNING);
  });
});

describe('outbound events', () => {
  it('an automatic rollback posts to Slack and the signed webhook within 60 s', async () => {
    const started = Date.now();
    const rule = await owner.client.collection('optimization_rules').create({
      site_id: siteId,
      name: 'Broken checkout copy',
      rule_type: 'cta_text',
      url_pattern: '/checkout*',
      selector: '#pay',
      changes: [{ type: 'set_text', value: 'Pay now' }],
      enabled: true,
      rollout_percentage: 50,
      auto_rollback_enabled: true,
    });
    // Each visit through the collect endpoint from its own address (an independent source).
    await trustForwardedFor(server);
    const at = (offset: number) => Date.now() - 60_000 + offset;
    const send = (i: number, events: object[]) => visit(server, site.public_key, events, { ip: address(i) });
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const events: object[] = [
        { t: 'pv', ts: at(0), p: '/checkout' },
        { t: 'ex', ts: at(100), p: '/checkout', id: rule.id },
      ];
      if (i % 2 === 0) events.push({ t: 'er', ts: at(5_000), p: '/checkout', m: 'TypeError: pay is undefined' });
      writes.push(send(i, events));
    }
    for (let i = 0; i < 60; i++) writes.push(send(40 + i, [{ t: 'pv', ts: at(0), p: '/checkout' }]));
    await Promise.all(writes);
    const slackBefore = slack.received.length;
    const hookBefore = hook.received.length;
    const result = await editor.client.send('/api/cro/evaluate-health', { method: 'POST', body: { siteId } });
    expect(result.rules.find((r: { ruleId: string }) => r.ruleId === rule.id)).toMatchObject({ rolledBack: true });

    const toSlack = await until(
      async () => slack.received.slice(slackBefore),
      (r) => r.length > 0,
    );
    const toHook = await until(
      async () => hook.received.slice(hookBefore),
      (r) => r.length > 0,
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(toSlack[0]!.path).toBe(SLACK_SECRET_PATH);
    expect(JSON.parse(toSlack[0]!.body).text).toContain('Optimization rolled back automatically on shop.example.com: Broken checkout copy');
    const body = JSON.parse(toHook[0]!.body);
    expect(body).toMatchObject({ type: 'rollback', site: { id: siteId }, data: { rule_id: rule.id, rollback_type: 'automatic' } });
    expect(validSignature(toHook[0]!.headers['x-cro-signature'] as string, toHook[0]!.body, SIGNING)).toBe(true);
    expect(toHook[0]!.headers['idempotency-key']).toBe(body.id);
  }, 90_000);

  it('a receiver failing twice then succeeding gets three attempts and one delivery', async () => {
    const before = hook.received.length;
    const logBefore = (await log(hookId)).length;
    hook.failNext(2);
    const x = await owner.client.collection('experiments').create({
      site_id: siteId,
      name: 'Winner test',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'B', weight: 0.5, changes: [] },
      ],
      primary_goal: 'revenue',
    });
    await owner.client.collection('experiments').update(x.id, { status: 'running' });
    // The winner event fires when a test completes with a winner (declare-winner does it in one
    // transaction; the superuser's update is the same record change).
    await server.admin.collection('experiments').update(x.id, { status: 'completed', winner: 'b', ended_at: new Date().toISOString() });
    const attempts = await until(
      async () => hook.received.slice(before).filter((r) => JSON.parse(r.body).type === 'experiment_winner'),
      (r) => r.length >= 3,
    );
    await new Promise((r) => setTimeout(r, 500)); // no fourth attempt follows a success
    const all = hook.received.slice(before).filter((r) => JSON.parse(r.body).type === 'experiment_winner');
    expect(all).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['idempotency-key'])).size).toBe(1);
    const entries = (await log(hookId)).slice(logBefore).filter((e) => e.event === 'experiment_winner');
    expect(entries.map((e) => [e.attempt, e.status, e.http_status])).toEqual([
      [1, 'failed', 503],
      [2, 'failed', 503],
      [3, 'delivered', 200],
    ]);
  });
});

describe('sample ratio alerts', () => {
  it("a running test whose split is off alerts Slack and the owner's bell once", async () => {
    const x = await owner.client.collection('experiments').create({
      site_id: siteId,
      name: 'Hero headline',
      selector: 'h1',
      url_pattern: '/landing',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'Short', weight: 0.5, changes: [{ type: 'set_text', value: 'Start now' }] },
      ],
      primary_goal: 'revenue',
    });
    await owner.client.collection('experiments').update(x.id, { status: 'running' });
    const slackBefore = slack.received.length;
    // 90 visitors in the control and 15 in the variant of a 50/50 split.
    for (let i = 0; i < 105; i += 15) {
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, j) =>
          post(
            server,
            batch(site.public_key, [{ t: 'xp', ts: Date.now() - 30_000, p: '/landing', id: x.id, n: i + j < 90 ? 'control' : 'b' }], {
              v: `srm-visitor-${i + j}`,
            }),
          ),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(15).fill(202));
    }
    const alerts = await until(
      async () => slack.received.slice(slackBefore).filter((r) => JSON.parse(r.body).text.includes('Sample ratio mismatch: Hero headline')),
      (r) => r.length > 0,
      20_000,
    );
    expect(JSON.parse(alerts[0]!.body).text).toContain('[90 15]');
    const bell = await owner.client.collection('notifications').getFullList({ filter: `title = "Sample ratio mismatch: Hero headline"` });
    expect(bell).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 2_500)); // two more passes: no second alert
    expect(slack.received.slice(slackBefore).filter((r) => JSON.parse(r.body).text.includes('Sample ratio mismatch'))).toHaveLength(1);
    await owner.client.collection('experiments').update(x.id, { status: 'paused' });
  }, 60_000);
});

describe('Shopify order webhooks', () => {
  const SHOP_SECRET = 'shpss_test_secret_1';
  let shopId: string, experimentId: string;
  const visitor = 'vshopbuyer01';

  beforeAll(async () => {
    shopId = (await connect(owner, 'shopify', { shop_domain: 'demo.myshopify.com', webhook_secret: SHOP_SECRET })).id;
    const segmentId = (await connect(owner, 'segment', { write_key: 'wk_segment_1' })).id;
    expect(await test(owner, segmentId)).toMatchObject({ ok: true });
    const x = await owner.client.collection('experiments').create({
      site_id: siteId,
      name: 'Checkout button',
      selector: '#pay',
      url_pattern: '/cart',
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'Green', weight: 0.5, changes: [{ type: 'set_text', value: 'Buy now' }] },
      ],
      primary_goal: 'revenue',
    });
    experimentId = (await owner.client.collection('experiments').update(x.id, { status: 'running' })).id;
    const res = await post(
      server,
      batch(site.public_key, [{ t: 'xp', ts: Date.now() - 60_000, p: '/cart', id: experimentId, n: 'b' }], { v: visitor }),
    );
    expect(res.status).toBe(202);
  });

  const order = JSON.stringify({
    id: 5551234,
    total_price: '89.90',
    currency: 'USD',
    email: 'buyer@example.com',
    note_attributes: [{ name: 'cro_visitor_id', value: visitor }],
  });
  it("forwards the visitor's exposure to Segment in the tracking API's shape", async () => {
    const exposures = await until(
      async () =>
        segment.received.filter((r) => JSON.parse(r.body).event === 'Experiment Viewed' && JSON.parse(r.body).anonymousId === visitor),
      (r) => r.length > 0,
      20_000,
    );
    expect(exposures).toHaveLength(1);
    const r = exposures[0]!;
    expect(r.path).toBe('/v1/track');
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('wk_segment_1:').toString('base64')}`);
    expect(JSON.parse(r.body)).toMatchObject({
      anonymousId: visitor,
      properties: { experiment_id: experimentId, experiment_name: 'Checkout button', variant: 'b' },
      messageId: `xp_${experimentId}:${visitor}`,
    });
  });

  const send = (body: string, signature: string) =>
    fetch(`${server.url}/api/cro/integrations/${shopId}/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Hmac-Sha256': signature, 'X-Shopify-Topic': 'orders/create' },
      body,
    });
  const revenueOfB = async () => {
    const res = await owner.client.send(`/api/cro/experiments/${experimentId}/results?goal=revenue`, {});
    return res.variants.find((v: { key: string }) => v.key === 'b').revenue.sum as number;
  };

  it('a bad signature is 401 and changes nothing', async () => {
    const res = await send(order, base64Hmac('not-the-secret', order));
    expect(res.status).toBe(401);
    expect(await revenueOfB()).toBe(0);
    expect(await owner.client.collection('integration_orders').getFullList()).toHaveLength(0);
    expect(await log(shopId)).toHaveLength(0);
    expect((await owner.client.collection('integrations').getOne(shopId)).status).toBe('pending');
  });

  it("a signed order adds its revenue to the visitor's variant once, and the integration is connected", async () => {
    const res = await send(order, base64Hmac(SHOP_SECRET, order));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ counted: true, value: 89.9 });
    expect(await until(revenueOfB, (v) => v === 89.9, 10_000)).toBe(89.9);
    // Shopify retries: the same order again counts nothing more.
    const again = await send(order, base64Hmac(SHOP_SECRET, order));
    expect(await again.json()).toMatchObject({ counted: false, reason: 'already counted' });
    expect(await revenueOfB()).toBe(89.9);
    expect(await log(shopId)).toEqual([expect.objectContaining({ event: 'order', status: 'received' })]);
    expect((await owner.client.collection('integrations').getOne(shopId)).status).toBe('connected');
    // The purchase goes on to Segment as Order Completed, once.
    const orders = await until(
      async () => segment.received.filter((r) => JSON.parse(r.body).event === 'Order Completed'),
      (r) => r.length > 0,
      10_000,
    );
    expect(JSON.parse(orders[0]!.body)).toMatchObject({
      anonymousId: visitor,
      properties: { order_id: 'shopify:5551234', value: 89.9, revenue: 89.9, currency: 'USD' },
    });
    await new Promise((r) => setTimeout(r, 2_500)); // two forwarding passes: the feed does not send it again
    expect(segment.received.filter((r) => JSON.parse(r.body).event === 'Order Completed')).toHaveLength(1);
  });

  it('members see the orders but cannot add one; strangers do not see them', async () => {
    expect(await viewer.client.collection('integration_orders').getFullList()).toHaveLength(1);
    const stranger = await server.createUser();
    expect(await stranger.client.collection('integration_orders').getFullList()).toHaveLength(0);
    await addMember(server, siteId, stranger, 'viewer');
    expect(await stranger.client.collection('integration_orders').getFullList()).toHaveLength(1);
  });
});

describe('WooCommerce and Stripe order webhooks', () => {
  const inbound = (id: string, body: string, headers: Record<string, string>) =>
    fetch(`${server.url}/api/cro/integrations/${id}/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });

  it('a WooCommerce order signed with the stored secret counts once it is paid; another signature is 401', async () => {
    const id = (await connect(owner, 'woocommerce', { store_url: 'https://shop.example.com', webhook_secret: 'wc_secret_1' })).id;
    const order = (status: string) =>
      JSON.stringify({
        id: 4242,
        status,
        total: '19.50',
        currency: 'EUR',
        meta_data: [{ id: 1, key: '_cro_visitor_id', value: 'woo-visitor-1' }],
      });
    const pending = order('pending');
    const ignored = await inbound(id, pending, {
      'X-WC-Webhook-Signature': base64Hmac('wc_secret_1', pending),
      'X-WC-Webhook-Topic': 'order.created',
    });
    expect(await ignored.json()).toMatchObject({ counted: false, reason: 'order status pending is not paid' });
    const paid = order('processing');
    const forged = await inbound(id, paid, { 'X-WC-Webhook-Signature': base64Hmac('guess', paid), 'X-WC-Webhook-Topic': 'order.updated' });
    expect(forged.status).toBe(401);
    const ok = await inbound(id, paid, {
      'X-WC-Webhook-Signature': base64Hmac('wc_secret_1', paid),
      'X-WC-Webhook-Topic': 'order.updated',
    });
    expect(await ok.json()).toMatchObject({ counted: true, order_id: 'woocommerce:4242', value: 19.5 });
    const orders = await owner.client.collection('integration_orders').getFullList({ filter: `integration_id = "${id}"` });
    expect(orders.map((o) => [o.order_id, o.visitor, o.value, o.currency])).toEqual([['woocommerce:4242', 'woo-visitor-1', 19.5, 'EUR']]);
    expect((await log(id)).map((e) => e.status)).toEqual(['ignored', 'received']);
  });

  it("a Stripe checkout.session.completed signed with the endpoint's secret counts its amount in full units", async () => {
    const id = (await connect(owner, 'stripe', { webhook_secret: 'whsec_stripe_1' })).id;
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          client_reference_id: 'stripe-visitor-1',
          amount_total: 4999,
          currency: 'usd',
          payment_status: 'paid',
          customer_details: { email: 'x@example.com' },
        },
      },
    });
    const t = Math.floor(Date.now() / 1000);
    const sig = (secret: string, ts = t) => `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
    expect((await inbound(id, body, { 'Stripe-Signature': sig('whsec_other') })).status).toBe(401);
    expect((await inbound(id, body, { 'Stripe-Signature': sig('whsec_stripe_1', t - 3600) })).status).toBe(401);
    const ok = await inbound(id, body, { 'Stripe-Signature': sig('whsec_stripe_1') });
    expect(await ok.json()).toMatchObject({ counted: true, order_id: 'stripe:cs_test_1', value: 49.99 });
    expect((await owner.client.collection('integrations').getOne(id)).status).toBe('connected');
  });
});
