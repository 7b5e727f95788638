/**
 * Every figure the built-in engines state is the screens' own: a known traffic pattern goes
 * through the collect endpoint, then the built-in analyst's answer and AI Analysis's insight cards
 * are read claim by claim and each figure is compared with the Analytics route (the Analytics
 * screen) and the funnel results route (the Funnels screen). The pattern is issue 33's: /cart and
 * /checkout are on the screen's Top Converting Pages below five other pages, conversions are
 * recorded on /thank-you (so /cart's own conversion rate is 0), and 11 of the 30 visitors who
 * reached /cart went on to /checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { createChatStreamParser } from '../../src/lib/ai/chat-stream';
import { funnelStepRates } from '../../src/lib/funnels';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { batch, post, rid } from './analytics/helpers';

let server: TestServer, owner: TestUser, site: RecordModel, siteId: string, funnel: RecordModel;

interface Page {
  path: string;
  pageviews: number;
  conversions: number;
  conversionRate: number;
  bounceRate: number;
  entries: number;
  errors: number;
}

async function visit(paths: string[]): Promise<void> {
  const t = Date.now() - 10 * 60_000;
  const events = paths.map((p, i) => ({ t: 'pv', ts: t + i * 1000, p }));
  expect((await post(server, batch(site.public_key as string, events, { v: rid('v'), s: rid('s') }))).status).toBe(202);
}

beforeAll(async () => {
  ({ server, owner, site, siteId } = await startSuite({ users: ['owner'], site: 'shop.example.com' }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
  await owner.client.collection('goals').create({ site_id: siteId, name: 'Purchase', type: 'url', match: '/thank-you', enabled: true });
  funnel = await owner.client.collection('funnels').create({
    site_id: siteId,
    name: 'Checkout',
    window_days: 1,
    steps: [
      { kind: 'page', match: '/cart' },
      { kind: 'page', match: '/checkout' },
    ],
  });
  for (let i = 0; i < 30; i++) {
    const path = ['/', '/product/1', '/cart'];
    if (i < 11) path.push('/checkout');
    if (i < 6) path.push('/thank-you');
    await visit(path);
  }
  for (let i = 0; i < 40; i++) await visit(['/', '/about', '/blog', '/product/2', '/pricing']);
});
afterAll(async () => server?.stop());

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

async function analytics(days: number): Promise<{ summary: Record<string, number>; pages: Page[] }> {
  return owner.client.send(`/api/cro/analytics/${siteId}`, { query: { days }, requestKey: null });
}

/** The Funnels screen's figures over the last `days` days: each step's users and rate from the previous step. */
async function funnelSteps(days: number): Promise<Array<{ users: number; conversionRate: number }>> {
  const r = await owner.client.send(`/api/cro/funnels/${funnel.id}/results?from=${day(days - 1)}&to=${day(0)}`, { requestKey: null });
  return funnelStepRates(r.current.steps);
}

async function chat(question: string): Promise<string> {
  const res = await fetch(`${server.url}/api/cro/ai/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: owner.client.authStore.token },
    body: JSON.stringify({ siteId, messages: [{ role: 'user', content: question }] }),
  });
  expect(res.headers.get('x-ai-engine')).toBe('builtin');
  let text = '';
  const parser = createChatStreamParser({ onDelta: (t) => (text += t), onDone: () => {}, onError: (m) => expect.fail(m) });
  parser.push(await res.text());
  return text;
}

const count = (n: number) => n.toLocaleString('en-US');
const labels = ['/cart', '/checkout'];

describe("the built-in engines' claims are the screens' figures", () => {
  it("the analyst's cart answer: the pages of the Analytics screen and the step rates of the Funnels screen", async () => {
    const a = await analytics(30);
    const cartPages = a.pages.filter((p) => labels.includes(p.path));
    expect(cartPages.map((p) => p.path).sort()).toEqual(labels); // both on the screen's Top Converting Pages
    expect(a.pages.findIndex((p) => p.path === '/cart')).toBeGreaterThanOrEqual(5);
    const answer = await chat('How do I reduce cart abandonment?');
    expect(answer).not.toContain('None of your top');
    expect(answer).toContain(
      `${count(a.summary.visitors!)} visitors, ${count(a.summary.sessions!)} sessions and ${count(a.summary.conversions!)} conversions`,
    );
    for (const p of cartPages)
      expect(answer).toContain(
        `- ${p.path}: ${count(p.pageviews)} views, ${count(p.conversions)} conversions, conversion rate ${p.conversionRate.toFixed(1)}%`,
      );

    // Each step claim, read back from the answer, is the Funnels screen's step.
    const steps = await funnelSteps(30);
    expect(steps.map((s) => s.users)).toEqual([30, 11]);
    const claims = [
      ...answer.matchAll(/In funnel "(.+?)", ([\d.]+)% of the ([\d,]+) visitors who reached (\S+) went on to (.+?) \(([\d,]+)\)\./g),
    ];
    expect(claims).toHaveLength(1);
    const [, name, rate, reached, from, to, wentOn] = claims[0]!;
    expect([name, from, to]).toEqual(['Checkout', '/cart', '/checkout']);
    expect(Number(rate)).toBe(steps[1]!.conversionRate);
    expect(Number(reached!.replace(/,/g, ''))).toBe(steps[0]!.users);
    expect(Number(wentOn!.replace(/,/g, ''))).toBe(steps[1]!.users);
    expect(rate).toBe('36.7');
  });

  it("the analyst's key metrics answer: the summary, every top page and every device as the Analytics screen shows them", async () => {
    const a = (await owner.client.send(`/api/cro/analytics/${siteId}`, { query: { days: 30 }, requestKey: null })) as {
      summary: Record<string, number>;
      changes: Record<string, number>;
      pages: Page[];
      devices: Array<{ value: string; sessions: number; conversionRate: number }>;
    };
    const s = a.summary;
    const change = a.changes.conversionRate!;
    const answer = await chat('What are the key CRO metrics for my site?');
    expect(answer).toContain(
      `In the last 30 days shop.example.com had ${count(s.visitors!)} visitors, ${count(s.sessions!)} sessions and ${count(s.conversions!)} conversions: ` +
        `a conversion rate of ${s.conversionRate!.toFixed(2)}% (${change >= 0 ? '+' : ''}${change.toFixed(1)}% vs the previous 30 days), ` +
        `a bounce rate of ${s.bounceRate!.toFixed(1)}%, an average session of ${Math.round(s.avgDuration!)}s and an average scroll depth of ${Math.round(s.avgScroll!)}%. ` +
        `Revenue: $${s.revenue!.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}.`,
    );
    const pageLines = answer.split('\n').filter((l) => / views, /.test(l));
    expect(pageLines).toEqual(
      a.pages.map(
        (p) =>
          `- ${p.path}: ${count(p.pageviews)} views, ${count(p.conversions)} conversions, conversion rate ${p.conversionRate.toFixed(1)}%`,
      ),
    );
    const total = a.devices.reduce((n, d) => n + d.sessions, 0);
    expect(answer).toContain(
      `Devices: ${a.devices.map((d) => `${d.value} ${Math.round((100 * d.sessions) / total)}% of sessions (conversion rate ${d.conversionRate.toFixed(2)}%)`).join(', ')}.`,
    );
  });

  it("AI Analysis's insight cards: each evidence figure is the screens' own, a step rate worded as one", async () => {
    const res = await owner.client.send('/api/cro/ai/analysis', { method: 'POST', body: { siteId }, requestKey: null });
    expect(res.engine).toBe('builtin');
    const a = await analytics(7);
    const steps = await funnelSteps(7);
    const page = (path: string) => a.pages.find((p) => p.path === path)!;
    const s = a.summary as Record<string, number>;
    // The evidence each rule must write from the screens' figures, by its title.
    const expected = (title: string): string | undefined => {
      let m: RegExpExecArray | null;
      if ((m = /^Visitors stall at (\S+)$/.exec(title)))
        return `${steps[1]!.conversionRate.toFixed(1)}% of the ${count(steps[0]!.users)} visitors who reached ${m[1]} went on to /checkout (funnel "Checkout", last 7 days)`;
      if ((m = /^High bounce on (\S+)$/.exec(title)))
        return `${page(m[1]!).bounceRate.toFixed(1)}% bounce rate on ${count(page(m[1]!).entries)} entries (last 7 days)`;
      if ((m = /^JavaScript errors on (\S+)$/.exec(title)))
        return `${count(page(m[1]!).errors)} errors on ${count(page(m[1]!).pageviews)} page views (last 7 days)`;
      if (title === 'Conversion rate below 1%')
        return `${s.conversionRate!.toFixed(2)}% conversion rate over ${count(s.sessions!)} sessions (last 7 days)`;
      if (title === 'Visitors see little of your pages') return `${Math.round(s.avgScroll!)}% average scroll depth (last 7 days)`;
      return undefined;
    };
    expect(res.insights.length).toBeGreaterThan(0);
    for (const insight of res.insights as Array<{ title: string; evidence: string }>) {
      expect(insight.evidence).not.toMatch(/visitors of .* converted/);
      expect(expected(insight.title), `an unchecked claim: ${insight.title}`).toBeDefined();
      expect(insight.evidence).toBe(expected(insight.title));
    }
    expect(res.insights.map((i: { title: string }) => i.title)).toContain('Visitors stall at /cart');
  });
});
