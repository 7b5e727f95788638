/**
 * AI Analysis over HTTP: Growth and Enterprise only, the four figures from the event store, insight
 * cards from the built-in rules over the same figures, each analysis stored with its time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { batch, post, rid } from './analytics/helpers';

let server: TestServer, owner: TestUser, viewer: TestUser, site: RecordModel, siteId: string;

const run = (u: TestUser, body: unknown) => u.client.send('/api/cro/ai/analysis', { method: 'POST', body, requestKey: null });

beforeAll(async () => {
  ({ server, owner, viewer, site, siteId } = await startSuite({
    users: ['owner', 'viewer'],
    site: 'shop.example.com',
    roles: { viewer: 'viewer' },
  }));
  // 24 visitors land on / and leave; none converts.
  const t = Date.now();
  for (let i = 0; i < 24; i++) {
    expect((await post(server, batch(site.public_key, [{ t: 'pv', ts: t + i, p: '/' }], { v: rid('v'), s: rid('s') }))).status).toBe(202);
  }
});
afterAll(async () => server?.stop());

describe('Run Analysis', () => {
  it('refuses free and starter sites with the plan needed, storing nothing', async () => {
    for (const tier of ['free', 'starter']) {
      await server.admin.collection('sites').update(siteId, { plan_tier: tier });
      await expect(run(owner, { siteId })).rejects.toMatchObject({
        status: 403,
        message: 'AI Analysis requires the Growth plan or higher. Upgrade at /pricing.',
      });
    }
    expect(await server.admin.collection('ai_analyses').getFullList()).toHaveLength(0);
  });

  it('computes the figures and the insights from the site data and stores them', async () => {
    await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
    const res = await run(viewer, { siteId });
    expect(res.analysisData).toEqual({ totalSessions: 24, averageSessionDuration: 0, bounceRate: 100, scrollDepth: 0 });
    expect(res.insights.map((i: { title: string }) => i.title)).toEqual(['Conversion rate below 1%', 'High bounce on /']);
    expect(res.insights[1]).toMatchObject({
      impact: 'high',
      category: 'engagement',
      evidence: '100.0% bounce rate on 24 entries (last 7 days)',
    });
    const stored = await owner.client.collection('ai_analyses').getFullList({ filter: `site_id = "${siteId}"` });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ engine: 'builtin', insights: res.insights, analysis_data: res.analysisData });
    expect(stored[0]!.created_at).toBeTruthy();
  });

  it('answers a missing site id and a stranger clearly, storing nothing more', async () => {
    await expect(run(owner, {})).rejects.toMatchObject({ status: 400, message: 'Please add a site first.' });
    const stranger = await server.createUser();
    await expect(run(stranger, { siteId })).rejects.toMatchObject({ status: 404, message: 'No site found.' });
    await expect(stranger.client.collection('ai_analyses').getFullList()).resolves.toHaveLength(0);
    expect(await server.admin.collection('ai_analyses').getFullList()).toHaveLength(1);
  });
});
