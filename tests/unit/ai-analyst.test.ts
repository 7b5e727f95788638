import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../src/lib/contracts/analytics-report';
import { summaryOf } from './analytics-summary';
import {
  analystAnswer,
  classifyQuestion,
  QUICK_QUESTIONS,
  sessionsPerVariant,
  streamPieces,
  type AnalystPattern,
} from '../../src/lib/ai/analyst';
import { buildGrounding, groundingPrompt, type GroundingSources } from '../../src/lib/ai/grounding';
import { parseChatMessages } from '../../src/lib/ai/chat-request';
import { quotaRefusal, usagePeriod } from '../../src/lib/ai/quotas';

const patterns = JSON.parse(readFileSync('pocketbase/pb_hooks/lib/cro_patterns.json', 'utf8')) as AnalystPattern[];

const totals = summaryOf;
const page = (path: string, pageviews: number, conversions: number, conversionRate: number, bounceRate: number) => ({
  path,
  visitors: pageviews,
  pageviews,
  entries: pageviews,
  conversions,
  revenue: 0,
  errors: 0,
  conversionRate,
  bounceRate,
  avgTime: 0,
  avgScroll: 0,
});
const dim = (value: string, sessions: number, conversionRate: number) => ({
  value,
  sessions,
  visitors: sessions,
  conversions: 0,
  revenue: 0,
  conversionRate,
});

const report: AnalyticsReport = {
  siteId: 's1',
  days: 30,
  from: '2026-10-25',
  to: '2026-11-23',
  summary: totals({
    visitors: 12345,
    sessions: 15000,
    pageviews: 40210,
    conversions: 351,
    convertedSessions: 351,
    revenue: 23456.5,
    conversionRate: 2.34,
    bounceRate: 41.25,
    avgDuration: 73.6,
    avgScroll: 55.5,
  }),
  previous: totals({}),
  changes: { visitors: 0, sessions: 0, conversionRate: 12.345, revenue: 0 },
  series: [],
  pages: [page('/', 20000, 100, 0.5, 38.2), page('/checkout', 900, 300, 33.3, 12), page('/landing/spring', 5000, 20, 0.4, 71.5)],
  sources: [],
  utmSources: [],
  utmMediums: [],
  utmCampaigns: [],
  devices: [dim('desktop', 9000, 3.1), dim('mobile', 6000, 1.2)],
  browsers: [],
  countries: [],
};

const sources: GroundingSources = {
  domain: 'shop.example.com',
  planTier: 'growth',
  report,
  scan: {
    scannedAt: '2026-11-20 10:00:00.000Z',
    findings: [{ title: 'Add trust badges near the buy button', impact: 'high', conversionLift: '8-15%' }],
  },
  rules: [{ name: '', ruleType: 'cta_text', rolloutPercentage: 50, healthStatus: 'healthy' }],
  rollbacks: [{ type: 'automatic', reason: 'Error rate 7% above 5%', at: '2026-11-22 08:00:00.000Z' }],
  experiments: null,
};

describe('grounding', () => {
  const g = buildGrounding(sources);

  it('writes the figures as the Analytics screen does', () => {
    expect(g.figures).toEqual({
      visitors: '12,345',
      sessions: '15,000',
      pageViews: '40,210',
      conversions: '351',
      conversionRate: '2.34%',
      conversionRateChange: '+12.3%',
      revenue: '$23,456.50',
      bounceRate: '41.3%',
      avgDuration: '74s',
      avgScroll: '56%',
    });
    expect(g.devices).toEqual([
      { device: 'desktop', sessions: '9,000', share: '60%', conversionRate: '3.10%' },
      { device: 'mobile', sessions: '6,000', share: '40%', conversionRate: '1.20%' },
    ]);
  });

  it('is compact and deterministic, and says what is missing', () => {
    const prompt = groundingPrompt(g);
    expect(groundingPrompt(buildGrounding(sources))).toBe(prompt);
    expect(prompt.length).toBeLessThan(2000);
    expect(prompt).toContain('Visitors 12,345; sessions 15,000;');
    expect(prompt).toContain('/checkout: 900, 300, 33.3%, 12.0%');
    expect(prompt).toContain('Add trust badges near the buy button (high impact, 8-15% lift)');
    expect(prompt).toContain('cta_text: rollout 50%, health healthy');
    expect(prompt).toContain('2026-11-22 automatic: Error rate 7% above 5%');
    expect(prompt).toContain('## Experiments: not available');
    const empty = groundingPrompt(buildGrounding({ ...sources, report: null, scan: null, rules: [], rollbacks: [], experiments: [] }));
    expect(empty).toContain('No traffic recorded yet.');
    expect(empty).toContain('## Latest scan: none yet');
    expect(empty).toContain('## Enabled rules: none');
    expect(empty).toContain('## Experiments: none');
  });
});

describe('the built-in analyst', () => {
  const g = buildGrounding(sources);

  it('answers each quick question with the site figures, the same way every time', () => {
    for (const q of QUICK_QUESTIONS) {
      expect(classifyQuestion(q.question)).toBe(q.topic);
      const answer = analystAnswer(q.question, g, patterns);
      expect(answer).toContain('12,345 visitors');
      expect(answer).toContain('a conversion rate of 2.34%');
      expect(analystAnswer(q.question, g, patterns)).toBe(answer);
    }
  });

  it('sizes an A/B test from the site conversion rate and traffic', () => {
    expect(sessionsPerVariant(2.34)).toBe(66777);
    expect(analystAnswer(QUICK_QUESTIONS[0].question, g, patterns)).toContain('about 66,777 sessions per variant');
    expect(analystAnswer(QUICK_QUESTIONS[0].question, g, patterns)).toContain('a two-variant test needs about 268 days');
  });

  it('names the pages and patterns that fit the question', () => {
    const landing = analystAnswer('How can I optimize my landing pages?', g, patterns);
    expect(landing.indexOf('/landing/spring: bounce rate 71.5%')).toBeLessThan(landing.indexOf('/: bounce rate 38.2%'));
    const cart = analystAnswer('How do I reduce cart abandonment?', g, patterns);
    expect(cart).toContain('- /checkout: 900 views, 300 conversions, conversion rate 33.3%');
    expect(cart).toMatch(
      /Patterns from the library for checkout:\n- .+ \((high|medium|low) impact, \d+-\d+% predicted lift, \d+% confidence\)/,
    );
    expect(analystAnswer('Which devices do my visitors use?', g, patterns)).toContain(
      '- mobile: 6,000 sessions (40%), conversion rate 1.20%',
    );
    expect(analystAnswer('What did the scan find?', g, patterns)).toContain('Add trust badges near the buy button');
    expect(analystAnswer('Were any rules rolled back?', g, patterns)).toContain('2026-11-22 (automatic): Error rate 7% above 5%');
  });

  it('says plainly what it cannot answer, and never quotes figures a site does not have', () => {
    expect(analystAnswer('Write a poem about the sea', g, patterns)).toContain('cannot answer that question');
    const none = buildGrounding({ ...sources, report: null });
    const answer = analystAnswer('What are the key CRO metrics for my site?', none, patterns);
    expect(answer).toContain('shop.example.com has no recorded traffic in the last 30 days yet');
    expect(answer).not.toMatch(/\d+ visitors/);
  });

  it("knows every page of the screen's Top Converting Pages, and says how many go on from the cart with the funnel's step rate", () => {
    // Ten pages as the report lists them (by conversions): the cart pages come after five others.
    const pages = [
      page('/thank-you', 900, 300, 33.3, 5),
      page('/', 20000, 0, 0, 38.2),
      page('/product/1', 6000, 0, 0, 30),
      page('/product/2', 5000, 0, 0, 30),
      page('/about', 800, 0, 0, 70),
      page('/cart', 400, 0, 0, 10),
      page('/checkout', 200, 0, 0, 8),
    ];
    const cartSite = buildGrounding({
      ...sources,
      report: { ...report, pages },
      funnels: [
        {
          name: 'Checkout',
          steps: [
            { kind: 'page', label: '/cart', users: 137 },
            { kind: 'page', label: '/checkout', users: 50 },
            { kind: 'goal', label: 'Goal: Purchase', users: 45 },
          ],
        },
      ],
    });
    const cart = analystAnswer('How do I reduce cart abandonment?', cartSite, patterns);
    expect(cart).not.toContain('None of your top');
    expect(cart).toContain('- /cart: 400 views, 0 conversions, conversion rate 0.0%');
    expect(cart).toContain('- /checkout: 200 views, 0 conversions, conversion rate 0.0%');
    expect(cart).toContain('In funnel "Checkout", 36.5% of the 137 visitors who reached /cart went on to /checkout (50).');
    expect(cart).toContain('In funnel "Checkout", 90.0% of the 50 visitors who reached /checkout went on to Goal: Purchase (45).');
    const prompt = groundingPrompt(cartSite);
    expect(prompt).toContain('/cart: 400, 0, 0.0%, 10.0%');
    expect(prompt).toContain('Checkout: /cart 137; /checkout 50 (36.5%); Goal: Purchase 45 (90.0%)');
    // Without a funnel from the cart, no rate is claimed.
    const noFunnel = analystAnswer(
      'How do I reduce cart abandonment?',
      buildGrounding({ ...sources, report: { ...report, pages } }),
      patterns,
    );
    expect(noFunnel).toContain('No funnel starts a step from a cart or checkout page');
    expect(noFunnel).not.toContain('went on to');
  });

  it('streams the answer in pieces that join back to it exactly', () => {
    const text = analystAnswer(QUICK_QUESTIONS[2].question, g, patterns);
    const pieces = streamPieces(text);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(text);
  });
});

describe('chat requests and quotas', () => {
  it('accepts a conversation that ends with a question and refuses anything else', () => {
    expect(parseChatMessages([{ role: 'user', content: 'hi' }])).toEqual({ ok: true, messages: [{ role: 'user', content: 'hi' }] });
    for (const bad of [
      null,
      [],
      [{ role: 'system', content: 'x' }],
      [{ role: 'user', content: ' ' }],
      [{ role: 'assistant', content: 'x' }],
      [{ role: 'user', content: 'x'.repeat(8001) }],
    ]) {
      expect(parseChatMessages(bad).ok).toBe(false);
    }
  });

  it('allows messages and tokens up to the plan limits', () => {
    expect(quotaRefusal('free', { messagesToday: 0, tokensThisMonth: 0 })?.code).toBe('ai_quota');
    expect(quotaRefusal('starter', { messagesToday: 49, tokensThisMonth: 499_999 })).toBeNull();
    expect(quotaRefusal('starter', { messagesToday: 50, tokensThisMonth: 0 })?.error).toContain('50 a day');
    expect(quotaRefusal('starter', { messagesToday: 0, tokensThisMonth: 500_000 })?.error).toContain('Monthly AI allowance used up');
    expect(usagePeriod(new Date('2026-11-30T23:59:59Z'))).toEqual({ day: '2026-11-30', month: '2026-11' });
  });
});
