// $analytics: the event store's queries bound into the hooks' VM by pocketbase/analytics/jsvm.go
// (BindJS). Hooks never read the event tables with SQL; they call these. Kept by hand: the Go test
// TestBindJSMatchesDeclarations fails when the bound methods and this list differ.

/** One optimization rule's telemetry (the health evaluation's input, src/lib/health.ts). */
interface AnalyticsRuleTelemetry {
  exposedSessions: number;
  exposedErrorSessions: number;
  exposedConversions: number;
  unexposedSessions: number;
  unexposedErrorSessions: number;
  unexposedConversions: number;
  applyFailures: number;
}

/** The CRO workers' telemetry over the last hour and the last 24 hours. */
interface AnalyticsWorkerTelemetry {
  appliedLastHour: number;
  exposuresLastDay: number;
  /** Mean time to apply of the day's exposures in ms; 0 when there were none. */
  meanApplyMs: number;
  pageLoadsLastDay: number;
  /** Distinct (session, page) pairs that reported an error. */
  failedLoadsLastDay: number;
}

/** A site's rollup totals over a range of days, with the derived rates (percent, rounded to 0.01). */
interface AnalyticsTotals {
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

declare const $analytics: {
  /** Telemetry of a rule since a time in ms since the epoch. */
  ruleHealth(siteId: string, ruleId: string, sinceMs: number): AnalyticsRuleTelemetry;
  /** Telemetry of the given worker rules (exposures) and of the site's page loads. */
  workerTelemetry(siteId: string, ruleIds: string[]): AnalyticsWorkerTelemetry;
  /** Totals of the days from `days` days ago (UTC) on. */
  recentTotals(siteId: string, days: number): AnalyticsTotals;
};
