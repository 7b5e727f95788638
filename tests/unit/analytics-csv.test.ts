import { describe, expect, it } from 'vitest';
import { analyticsCsv, csvFileName } from '../../src/dashboard/screens/analytics/csv';
import type { AnalyticsReport, Totals } from '../../src/dashboard/data/analyticsReport';

const totals = (o: Partial<Totals> = {}): Totals => ({
  visitors: 2,
  sessions: 2,
  pageviews: 7,
  bounces: 1,
  conversions: 1,
  convertedSessions: 1,
  revenue: 129,
  errors: 0,
  clicks: 5,
  microConversions: 0,
  conversionRate: 50,
  bounceRate: 50,
  avgDuration: 12.5,
  avgScroll: 80,
  ...o,
});

const report: AnalyticsReport = {
  siteId: 's1',
  days: 7,
  from: '2026-11-16',
  to: '2026-11-22',
  summary: totals(),
  previous: totals({ visitors: 0 }),
  changes: { visitors: 0, sessions: 0, conversionRate: 0, revenue: 0 },
  series: [{ day: '2026-11-22', visitors: 2, sessions: 2, pageviews: 7, conversions: 1, revenue: 129 }],
  pages: [
    {
      path: '/thank-you',
      visitors: 1,
      pageviews: 1,
      entries: 0,
      conversions: 1,
      revenue: 129,
      errors: 0,
      conversionRate: 100,
      bounceRate: 0,
      avgTime: 3,
      avgScroll: 100,
    },
  ],
  sources: [{ value: 'news, "daily"', sessions: 1, visitors: 1, conversions: 1, revenue: 129, conversionRate: 100 }],
  utmSources: [{ value: '=HYPERLINK("x")', sessions: 1, visitors: 1, conversions: 0, revenue: 0, conversionRate: 0 }],
  utmMediums: [],
  utmCampaigns: [],
  devices: [],
  browsers: [],
  countries: [],
};

describe('analytics CSV export', () => {
  const csv = analyticsCsv(report, 'shop.example.com');
  const lines = csv.split('\r\n');

  it('has the summary, the daily series and the pages as on screen', () => {
    expect(lines[0]).toBe('Analytics report,shop.example.com');
    expect(lines[1]).toBe('Range,2026-11-16 to 2026-11-22 (7 days)');
    expect(lines).toContain('2,2,7,1,129.00,50,50,12.5,80');
    expect(lines).toContain('2026-11-22,2,2,7,1,129.00');
    expect(lines).toContain('/thank-you,1,1,1,129.00,100,0,3,100');
  });

  it('quotes commas and quotes, and defuses spreadsheet formulas', () => {
    expect(lines).toContain('"news, ""daily""",1,1,1,129.00,100');
    expect(lines).toContain(`"'=HYPERLINK(""x"")",1,1,0,0.00,0`);
  });

  it('names the file after the site and the range', () => {
    expect(csvFileName('shop.example.com', report)).toBe('analytics-shop.example.com-7d-2026-11-22.csv');
  });
});
