/** An Analytics report summary with zeros except what a test sets (unit tests of the AI layer). */
import type { AnalyticsReport } from '../../src/lib/contracts/analytics-report';

export const summaryOf = (o: Partial<AnalyticsReport['summary']>): AnalyticsReport['summary'] => ({
  visitors: 0,
  sessions: 0,
  pageviews: 0,
  bounces: 0,
  conversions: 0,
  convertedSessions: 0,
  revenue: 0,
  errors: 0,
  clicks: 0,
  microConversions: 0,
  conversionRate: 0,
  bounceRate: 0,
  avgDuration: 0,
  avgScroll: 0,
  ...o,
});
