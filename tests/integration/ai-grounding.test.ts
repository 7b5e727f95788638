/**
 * The AI grounding over HTTP, without a model: the built-in analyst answers about the site's
 * running A/B test (per-variant users, conversions, uplift and chance to beat control, the same
 * figures as the results route) and about its analysed documents.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatStreamParser } from '../../src/lib/ai/chat-stream';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { batch, post, rid } from './analytics/helpers';

let server: TestServer, owner: TestUser, site: RecordModel, siteId: string;

async function ask(question: string): Promise<string> {
  const res = await fetch(`${server.url}/api/cro/ai/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: owner.client.authStore.token },
    body: JSON.stringify({ siteId, messages: [{ role: 'user', content: question }] }),
  });
  expect(res.status).toBe(200);
  let text = '';
  const parser = createChatStreamParser({ onDelta: (t) => (text += t), onDone: () => {}, onError: (m) => (text += `[error ${m}]`) });
  parser.push(await res.text());
  parser.end();
  return text;
}

/** `users` visitors see `variant`; the first `conversions` of them reach the goal page. */
async function drive(exp: RecordModel, variant: string, users: number, conversions: number) {
  const t = Date.now() - 30 * 60_000;
  const sends = [];
  for (let i = 0; i < users; i++) {
    const events: object[] = [{ t: 'xp', ts: t, p: '/pricing', id: exp.id, n: variant }];
    if (i < conversions) events.push({ t: 'pv', ts: t + 1000, p: '/thank-you' });
    sends.push(post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') })));
  }
  expect((await Promise.all(sends)).every((r) => r.status === 202)).toBe(true);
}

beforeAll(async () => {
  ({ server, owner, site, siteId } = await startSuite({
    users: ['owner'],
    site: 'shop.example.com',
    env: { CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
});
afterAll(async () => server?.stop());

describe('the built-in analyst', () => {
  it('says when no test is running', async () => {
    expect(await ask('How are my running tests doing?')).toContain('No A/B test is running on your site.');
  });

  it('answers about a running test from its results', async () => {
    const goal = await owner.client
      .collection('goals')
      .create({ site_id: siteId, name: 'Thank you', type: 'url', match: '/thank-you', enabled: true });
    const exp = await owner.client.collection('experiments').create({
      site_id: siteId,
      name: 'Bolder pricing button',
      selector: '.buy',
      url_pattern: '/pricing',
      status: 'running',
      primary_goal: goal.id,
      variants: [
        { key: 'control', name: 'Control', weight: 0.5, changes: [] },
        { key: 'b', name: 'Bold button', weight: 0.5, changes: [{ type: 'set_style', name: 'font-weight', value: '700' }] },
      ],
    });
    await drive(exp, 'control', 40, 4);
    await drive(exp, 'b', 40, 10);
    const results = await owner.client.send(`/api/cro/experiments/${exp.id}/results`, { requestKey: null });
    const chance = Math.round(100 * results.variants[1].stats.chance_to_beat_control);

    const answer = await ask('How are my running tests doing?');
    expect(answer).toContain('Your running A/B tests:');
    const since = String((await owner.client.collection('experiments').getOne(exp.id)).started_at).slice(0, 10);
    expect(answer).toContain(`Bolder pricing button (goal Thank you${since ? `, running since ${since}` : ''}): `);
    expect(answer).toContain('Control (control): 40 users, 4 conversions, conversion rate 10.00%');
    expect(answer).toContain(
      `Bold button: 40 users, 10 conversions, conversion rate 25.00%, uplift +150.0%, chance to beat control ${chance}%`,
    );
  });

  it('answers about analysed documents with their summaries', async () => {
    expect(await ask('What do my documents say?')).toContain('No analysed documents yet.');
    const form = new FormData();
    form.append('site_id', siteId);
    form.append('user_id', owner.record.id);
    form.append('file_name', 'Q3 review.txt');
    form.append(
      'file',
      new Blob([readFileSync(join(resolve(import.meta.dirname, '../fixtures/documents'), 'sample.txt'))]),
      'Q3 review.txt',
    );
    const doc = await owner.client.collection('documents').create(form);
    await owner.client.send(`/api/cro/documents/${doc.id}/analyze`, { method: 'POST', requestKey: null });
    const stored = await owner.client.collection('documents').getOne(doc.id);
    const answer = await ask('What do my documents say?');
    expect(answer).toContain('Your latest analysed documents:');
    expect(answer).toContain(`Q3 review.txt (en): ${stored.analysis_summary.slice(0, 100)}`);
  });
});
