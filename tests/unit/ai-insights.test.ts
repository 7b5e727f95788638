import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../src/lib/contracts/analytics-report';
import { summaryOf } from './analytics-summary';
import { analysisData, ruleInsights } from '../../src/lib/ai/insights';

const totals = summaryOf;
const page = (path: string, o: Partial<AnalyticsReport['pages'][number]>) => ({
  path,
  visitors: 0,
  pageviews: 0,
  entries: 0,
  conversions: 0,
  revenue: 0,
  errors: 0,
  conversionRate: 0,
  bounceRate: 0,
  avgTime: 0,
  avgScroll: 0,
  ...o,
});
const dim = (value: string, sessions: number, conversionRate: number) => ({
  value,
  sessions,
  visitors: sessions,
  conversions: 0,
  revenue: 0,
  conversionRate,
});

const funnel = (name: string, ...steps: Array<[string, number]>) => ({
  name,
  steps: steps.map(([label, users]) => ({ kind: label.startsWith('Goal: ') ? 'goal' : 'page', label, users })),
});

function report(o: Partial<AnalyticsReport>): AnalyticsReport {
  return {
    siteId: 's',
    days: 7,
    from: '',
    to: '',
    summary: totals({ sessions: 500, conversionRate: 2.5, bounceRate: 40, avgDuration: 61.4, avgScroll: 62.6 }),
    previous: totals({}),
    changes: { visitors: 0, sessions: 0, conversionRate: 0, revenue: 0 },
    series: [],
    pages: [],
    sources: [],
    utmSources: [],
    utmMediums: [],
    utmCampaigns: [],
    devices: [],
    browsers: [],
    countries: [],
    ...o,
  };
}

describe('AI Analysis rules', () => {
  it('finds nothing in healthy figures, and nothing at all below 20 sessions', () => {
    expect(ruleInsights(report({}))).toEqual([]);
    expect(ruleInsights(report({ summary: totals({ sessions: 19, conversionRate: 0 }) }))).toEqual([]);
  });

  it('names the figures behind each insight, highest impact first', () => {
    const insights = ruleInsights(
      report({
        devices: [dim('desktop', 300, 4), dim('mobile', 200, 1)],
        pages: [
          page('/', { entries: 300, bounceRate: 45, pageviews: 600 }),
          page('/spring-sale', { entries: 120, bounceRate: 78.4, pageviews: 130 }),
          page('/checkout', { visitors: 80, pageviews: 90, conversionRate: 12.5, errors: 9 }),
        ],
      }),
      [
        { title: 'Add trust badges', impact: 'high', conversionLift: '8-15%' },
        { title: 'Minor thing', impact: 'low' },
      ],
      [funnel('Checkout', ['/', 300], ['/checkout', 80], ['Goal: Purchase', 10])],
    );
    expect(insights.map((i) => [i.title, i.impact, i.evidence])).toEqual([
      ['JavaScript errors on /checkout', 'high', '9 errors on 90 page views (last 7 days)'],
      ['High bounce on /spring-sale', 'high', '78.4% bounce rate on 120 entries (last 7 days)'],
      [
        'Mobile visitors convert far less than desktop visitors',
        'high',
        'Mobile 1.00% vs desktop 4.00% conversion rate (200 mobile sessions, last 7 days)',
      ],
      [
        'Visitors stall at /checkout',
        'high',
        '12.5% of the 80 visitors who reached /checkout went on to Goal: Purchase (funnel "Checkout", last 7 days)',
      ],
      ['Add trust badges', 'high', 'Latest website scan'],
    ]);
    for (const i of insights)
      expect(Object.keys(i).sort()).toEqual(['category', 'confidence', 'description', 'evidence', 'expectedLift', 'impact', 'title']);
  });

  it("says how many visitors go on from a cart page with the Funnels screen's step rate, never the page's own conversion rate", () => {
    // Conversions are recorded on the thank-you page: /cart's own conversion rate is 0.
    const pages = [page('/cart', { visitors: 137, pageviews: 150, conversionRate: 0 })];
    expect(ruleInsights(report({ pages })).filter((i) => i.category === 'checkout')).toEqual([]);
    const [stall, ...rest] = ruleInsights(report({ pages }), [], [funnel('Cart to checkout', ['/cart', 137], ['/checkout', 50])]);
    expect(rest).toEqual([]);
    expect(stall).toMatchObject({
      title: 'Visitors stall at /cart',
      evidence: '36.5% of the 137 visitors who reached /cart went on to /checkout (funnel "Cart to checkout", last 7 days)',
    });
    expect(stall!.evidence).not.toMatch(/converted|conversion rate/);
    // Most going on is no stall.
    expect(ruleInsights(report({ pages }), [], [funnel('Cart', ['/cart', 137], ['/checkout', 90])])).toEqual([]);
  });

  it('gives the four stat cards', () => {
    expect(analysisData(report({}))).toEqual({ totalSessions: 500, averageSessionDuration: 61, bounceRate: 40, scrollDepth: 63 });
  });
});
