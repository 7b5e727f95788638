/**
 * A site's rollup totals over a range of days, with the derived rates (percent, rounded to 0.01):
 * what the Go store answers to the dashboard's analytics report and to the hooks' `$analytics`.
 */
export interface AnalyticsTotals {
  visitors: number;
  sessions: number;
  pageviews: number;
  bounces: number;
  conversions: number;
  convertedSessions: number;
  revenue: number;
  errors: number;
  clicks: number;
  microConversions: number;
  conversionRate: number;
  bounceRate: number;
  avgDuration: number;
  avgScroll: number;
}
