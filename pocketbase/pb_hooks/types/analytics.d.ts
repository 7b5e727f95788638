// $analytics: the event store's queries bound into the hooks' VM by pocketbase/analytics/jsvm.go
// (BindJS). Hooks never read the event tables with SQL; they call these. Kept by hand: the Go test
// TestBindJSMatchesDeclarations fails when the bound methods and this list differ.

/** One optimization rule's telemetry: the input of the health evaluation in src/lib/health.ts. */
type AnalyticsRuleTelemetry = import('../lib/generated/domain').RuleTelemetry;

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

/** A site's rollup totals over a range of days (src/lib/contracts/analytics-totals.ts). */
type AnalyticsTotals = import('../lib/generated/domain').AnalyticsTotals;

/** The Analytics screen's report (src/lib/contracts/analytics-report.ts). */
type AnalyticsReport = import('../lib/generated/domain').AnalyticsReport;

declare const $analytics: {
  /** Telemetry of a rule since a time in ms since the epoch. */
  ruleHealth(siteId: string, ruleId: string, sinceMs: number): AnalyticsRuleTelemetry;
  /** Telemetry of the given worker rules (exposures) and of the site's page loads. */
  workerTelemetry(siteId: string, ruleIds: string[]): AnalyticsWorkerTelemetry;
  /** Totals of the days from `days` days ago on, days in `timeZone` (the site's time_zone; UTC when omitted). */
  recentTotals(siteId: string, days: number, timeZone?: string): AnalyticsTotals;
  /** The Analytics screen's report of the last 7, 30 or 90 days (GET /api/cro/analytics/{site}). */
  report(siteId: string, days: 7 | 30 | 90, timeZone?: string): AnalyticsReport;
};
