/**
 * The AI chat over HTTP: a real PocketBase relaying a stand-in model (tests/helpers/model-standin.ts)
 * as the browser's stream, with the plan's entitlement and quota enforced on the server; and a
 * second server with no model configured, where the built-in analyst answers from the same figures
 * the Analytics route reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { createChatStreamParser } from '../../src/lib/ai/chat-stream';
import { QUICK_QUESTIONS } from '../../src/lib/ai/analyst';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { startModelStandIn, STANDIN_KEY, type ModelStandIn } from '../helpers/model-standin';
import { batch, post, rid } from './analytics/helpers';

interface ChatReply {
  status: number;
  engine: string | null;
  raw: string;
  text: string;
  done: boolean;
  error: string | null;
  json: { message?: string; error?: string; code?: string } | null;
}

/** Sends a question as the browser does and reads the reply with the browser's own stream parser. */
async function chat(server: TestServer, user: TestUser, siteId: string, question: string | unknown[]): Promise<ChatReply> {
  const messages = typeof question === 'string' ? [{ role: 'user', content: question }] : question;
  const res = await fetch(`${server.url}/api/cro/ai/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: user.client.authStore.token },
    body: JSON.stringify({ siteId, messages }),
  });
  const raw = await res.text();
  const reply: ChatReply = {
    status: res.status,
    engine: res.headers.get('x-ai-engine'),
    raw,
    text: '',
    done: false,
    error: null,
    json: null,
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    reply.json = JSON.parse(raw);
    return reply;
  }
  const parser = createChatStreamParser({
    onDelta: (t) => (reply.text += t),
    onDone: () => (reply.done = true),
    onError: (m) => (reply.error = m),
  });
  parser.push(raw);
  parser.end();
  return reply;
}

/** Two visitors, one buying: real traffic through the collect endpoint. */
async function sendTraffic(server: TestServer, site: RecordModel) {
  await server.admin.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
  const t = Date.now();
  const events = [
    { t: 'pv', ts: t, p: '/' },
    { t: 'pv', ts: t + 1, p: '/checkout' },
    { t: 'ev', ts: t + 2, p: '/checkout', n: 'purchase', val: 80 },
  ];
  expect((await post(server, batch(site.public_key, events, { v: rid('v'), s: rid('s') }))).status).toBe(202);
  expect((await post(server, batch(site.public_key, [{ t: 'pv', ts: t, p: '/' }]))).status).toBe(202);
  expect((await post(server, batch(site.public_key, [{ t: 'pv', ts: t, p: '/pricing' }]))).status).toBe(202);
}

describe('with a model configured', () => {
  let model: ModelStandIn, server: TestServer, owner: TestUser, viewer: TestUser, site: RecordModel, siteId: string;

  beforeAll(async () => {
    model = await startModelStandIn({ slowMs: 300 });
    ({ server, owner, viewer, site, siteId } = await startSuite({
      users: ['owner', 'viewer'],
      site: 'shop.example.com',
      roles: { viewer: 'viewer' },
      env: model.env,
    }));
    await sendTraffic(server, site);
    await server.admin.collection('scans').create({
      url: 'https://shop.example.com/',
      source: 'dashboard',
      site_id: siteId,
      result: { findings: [{ title: 'Add trust badges near the buy button', impact: 'high', conversionLift: '8-15%' }] },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await model?.stop();
  });

  it('refuses the free plan with the upgrade message and calls no model', async () => {
    const r = await chat(server, owner, siteId, 'hello');
    expect(r.status).toBe(403);
    expect(r.json?.message).toBe('The AI chat requires a paid plan. Upgrade at /pricing.');
    expect(model.requests).toHaveLength(0);
    expect(await server.admin.collection('ai_usage').getFullList()).toHaveLength(0);
  });

  it('streams the answer, grounded in the site figures, and never shows the key', async () => {
    await server.admin.collection('sites').update(siteId, { plan_tier: 'starter' });
    const r = await chat(server, viewer, siteId, 'How is my site doing?');
    expect(r).toMatchObject({ status: 200, engine: 'model', done: true, error: null });
    expect(r.text).toBe('Stand-in model answer to "How is my site doing?". Grounding: ' + r.text.split('Grounding: ')[1]);
    expect(r.text).toContain('Visitors 3; sessions 3;');
    expect(r.text).toContain('conversion rate 33.33%');
    expect(r.raw).not.toContain(STANDIN_KEY);
    const sent = model.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${STANDIN_KEY}`);
    expect(sent.body).toMatchObject({ model: 'standin-model', stream: true });
    expect(sent.body.messages[0]!.role).toBe('system');
    expect(sent.body.messages[0]!.content).toContain("The user's site is shop.example.com.");
    expect(sent.body.messages[0]!.content).toContain('/checkout: 1, 1, 100.0%');
    expect(sent.body.messages[0]!.content).toContain('Add trust badges near the buy button (high impact, 8-15% lift)');
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'How is my site doing?' });
    const [usage] = await server.admin.collection('ai_usage').getFullList();
    expect(usage).toMatchObject({ messages: 1, tokens: 321 });
  });

  it('maps upstream refusals to the catalogue and counts no message for them', async () => {
    const before = (await server.admin.collection('ai_usage').getFullList())[0]!.messages;
    const limited = await chat(server, owner, siteId, 'rate limit me');
    expect(limited.status).toBe(429);
    expect(limited.json?.error).toBe('Rate limit exceeded. Please try again in a moment.');
    const payment = await chat(server, owner, siteId, 'payment please');
    expect(payment.status).toBe(402);
    expect(payment.json?.error).toBe('Payment required. Please add credits to continue.');
    const refused = await chat(server, owner, siteId, 'refuse this');
    expect(refused.status).toBe(502);
    expect(refused.json?.error).toBe('The AI model refused the request (HTTP 400).');
    expect(refused.raw).not.toContain(STANDIN_KEY);
    expect((await server.admin.collection('ai_usage').getFullList())[0]!.messages).toBe(before);
  });

  it('retries a failure before the first token, but reports a stream cut after it', async () => {
    const calls = model.requests.length;
    const flaky = await chat(server, owner, siteId, 'flaky question');
    expect(flaky).toMatchObject({ status: 200, done: true });
    expect(flaky.text).toContain('Stand-in model answer to "flaky question"');
    expect(model.requests.length - calls).toBe(2);

    const cut = await chat(server, owner, siteId, 'cut me off');
    expect(cut).toMatchObject({
      status: 200,
      done: false,
      text: 'This answer will break off',
      error: 'The AI response was interrupted. Please try again.',
    });
    expect(cut.raw).not.toContain('[DONE]');
  });

  it('waits for a slow first token, and gives up on one that never comes', async () => {
    const slow = await chat(server, owner, siteId, 'slow answer');
    expect(slow).toMatchObject({ status: 200, done: true });
    const stalled = await chat(server, owner, siteId, 'stall forever');
    expect(stalled.status).toBe(504);
    expect(stalled.json?.error).toBe('The AI model did not answer in time. Please try again.');
  });

  it('enforces the daily message quota on the server', async () => {
    const [usage] = await server.admin.collection('ai_usage').getFullList();
    await server.admin.collection('ai_usage').update(usage!.id, { messages: 50 });
    const calls = model.requests.length;
    const r = await chat(server, owner, siteId, 'one more');
    expect(r.status).toBe(429);
    expect(r.json).toMatchObject({
      code: 'ai_quota',
      error: 'Daily AI message limit reached (50 a day on your plan). It resets at midnight UTC.',
    });
    expect(model.requests.length).toBe(calls);
    await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
    expect((await chat(server, owner, siteId, 'now with room')).done).toBe(true);
  });

  it('refuses bad conversations and strangers, changing nothing', async () => {
    const before = JSON.stringify(await server.admin.collection('ai_usage').getFullList());
    for (const bad of [[], [{ role: 'system', content: 'x' }], [{ role: 'user', content: '  ' }], [{ role: 'assistant', content: 'hi' }]]) {
      expect((await chat(server, owner, siteId, bad)).status).toBe(400);
    }
    const stranger = await server.createUser();
    expect((await chat(server, stranger, siteId, 'hello')).status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/cro/ai/chat`, { method: 'POST', body: JSON.stringify({ siteId, messages: [] }) });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(await server.admin.collection('ai_usage').getFullList())).toBe(before);
  });

  it('tells the UI which engine answers and what the plan allows', async () => {
    const status = await owner.client.send(`/api/cro/ai/status/${siteId}`, {});
    expect(status).toMatchObject({ engine: 'model', model: 'standin-model', entitled: true, quota: { messagesPerDay: 200 } });
    expect(JSON.stringify(status)).not.toContain(STANDIN_KEY);
  });
});

describe('with no model configured', () => {
  let server: TestServer, owner: TestUser, site: RecordModel, siteId: string;

  beforeAll(async () => {
    ({ server, owner, site, siteId } = await startSuite({ users: ['owner'], site: 'shop.example.com' }));
    await server.admin.collection('sites').update(siteId, { plan_tier: 'starter' });
    await sendTraffic(server, site);
  });
  afterAll(async () => server?.stop());

  it('the built-in analyst answers the quick questions with the Analytics figures', async () => {
    expect(await owner.client.send(`/api/cro/ai/status/${siteId}`, {})).toMatchObject({ engine: 'builtin', model: 'Built-in analyst' });
    const report = await owner.client.send(`/api/cro/analytics/${siteId}`, { query: { days: 30 } });
    const visitors = `${report.summary.visitors.toLocaleString('en-US')} visitors`;
    const rate = `conversion rate of ${report.summary.conversionRate.toFixed(2)}%`;
    for (const q of QUICK_QUESTIONS) {
      const r = await chat(server, owner, siteId, q.question);
      expect(r, q.label).toMatchObject({ status: 200, engine: 'builtin', done: true, error: null });
      expect(r.text, q.label).toContain(visitors);
      expect(r.text, q.label).toContain(rate);
    }
    const metrics = await chat(server, owner, siteId, 'What are the key CRO metrics for my site?');
    expect(metrics.text).toContain('- /checkout: 1 views, 1 conversions, conversion rate 100.0%');
    const cart = await chat(server, owner, siteId, 'How do I reduce cart abandonment?');
    expect(cart.text).toContain('Your cart and checkout pages among your top converting pages');
  });

  it('says plainly what it cannot answer', async () => {
    const r = await chat(server, owner, siteId, 'Write me a poem about the sea');
    expect(r.text).toContain('I am the built-in analyst');
    expect(r.text).toContain('cannot answer that question');
  });
});
