/**
 * The analytics report GET /api/cro/analytics/{site}?days=N answers (rollups only); the hooks read
 * the same report through `$analytics.report` (the AI chat's grounding).
 */
import type { AnalyticsTotals as Totals } from './analytics-totals';

export type { Totals };

export interface DayRow {
  day: string;
  visitors: number;
  sessions: number;
  pageviews: number;
  conversions: number;
  revenue: number;
}

export interface PageRow {
  path: string;
  visitors: number;
  pageviews: number;
  entries: number;
  conversions: number;
  revenue: number;
  errors: number;
  conversionRate: number;
  bounceRate: number;
  avgTime: number;
  avgScroll: number;
}

export interface DimRow {
  value: string;
  sessions: number;
  visitors: number;
  conversions: number;
  revenue: number;
  conversionRate: number;
}

export interface AnalyticsReport {
  siteId: string;
  days: 7 | 30 | 90;
  from: string;
  to: string;
  summary: Totals;
  previous: Totals;
  changes: { visitors: number; sessions: number; conversionRate: number; revenue: number };
  series: DayRow[];
  pages: PageRow[];
  sources: DimRow[];
  utmSources: DimRow[];
  utmMediums: DimRow[];
  utmCampaigns: DimRow[];
  devices: DimRow[];
  browsers: DimRow[];
  countries: DimRow[];
}
