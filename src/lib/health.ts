/**
 * Health of an optimization rule from its telemetry (pure; the server's health evaluation and the
 * tests use it). Three metrics, each compared with the site's error threshold (in percent):
 *
 * - error_rate: share of exposed sessions with a page error. Exceeded when it is higher than the
 *   unexposed sessions' rate by more than the threshold, in percentage points (with no unexposed
 *   sample, the baseline is 0).
 * - apply_failure_rate: share of apply attempts (exposures + apply failures) that failed. Exceeded
 *   above the threshold.
 * - conversion_delta: relative change of the exposed sessions' conversion rate versus unexposed
 *   ones, in percent, with a two-sided two-proportion z-test. Exceeded on a significant drop
 *   (p < 0.05).
 *
 * Nothing is judged below a minimum sample, so a handful of sessions never rolls a rule back. And
 * since anyone can post telemetry, a metric past its threshold is critical (a rollback) only when
 * the evidence comes from many visitors and sources (health-evidence.ts); with some but too few
 * sources it is a warning the owner is told about (warningReason); from one source it is ignored.
 */
import {
  exposuresDominatedByOneSource,
  MIN_EVIDENCE_SOURCES,
  MIN_EXPOSED_VISITORS,
  MIN_WARNING_SOURCES,
  weighEvidence,
  type SourceEvidence,
} from './health-evidence';

export interface RuleTelemetry {
  exposedSessions: number;
  exposedErrorSessions: number;
  exposedConversions: number;
  unexposedSessions: number;
  unexposedErrorSessions: number;
  unexposedConversions: number;
  /** Apply failures reported by the tracker (selector missing, change threw). */
  applyFailures: number;
  /** Distinct visitors exposed, the distinct client sources they came from, and the most from one source. */
  exposedVisitors: number;
  exposedSources: number;
  topExposedSourceVisitors: number;
  /** Distinct visitors with a page error after an exposure. */
  exposedErrorVisitors: number;
  /** Those visitors counted per client source, largest first. */
  errorVisitorsBySource: number[];
  /** Visitors whose tracker failed to apply the rule, per client source, largest first. */
  applyFailureVisitorsBySource: number[];
}

export type HealthStatus = 'healthy' | 'warning' | 'critical';

export interface HealthMetric {
  metric_type: 'error_rate' | 'apply_failure_rate' | 'conversion_delta';
  /** Percent, rounded to 2 decimals. */
  value: number;
  threshold_exceeded: boolean;
  details: Record<string, number | boolean | string | null>;
}

export interface RuleHealth {
  metrics: HealthMetric[];
  status: HealthStatus;
  /** Human-readable reason with figures when status is critical, else ''. */
  reason: string;
  /**
   * When a metric is past its threshold but its evidence is too thin to roll back (too few distinct
   * sources, or one source dominating): what the owner is warned about; else ''.
   */
  warningReason: string;
}

/** Minimum exposed sessions before error and conversion comparisons count. */
export const MIN_EXPOSED_SESSIONS = 30;
/** Minimum apply attempts before the failure rate counts. */
export const MIN_APPLY_ATTEMPTS = 20;
/** Minimum sessions on each side of the conversion test. */
export const MIN_CONVERSION_SAMPLE = 100;
export const SIGNIFICANCE = 0.05;
export const DEFAULT_ERROR_THRESHOLD = 5;

const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (num: number, den: number) => (den > 0 ? (num / den) * 100 : 0);

/** Standard normal cumulative distribution (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Two-sided two-proportion z-test with the pooled standard error: group A (x1 of n1) against
 * group B (x2 of n2). z > 0 when A's rate is higher. p is 1 when the test is undefined.
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  if (n1 <= 0 || n2 <= 0) return { z: 0, p: 1 };
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1 };
  const z = (p1 - p2) / se;
  if (z === 0) return { z: 0, p: 1 };
  return { z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

/** Why evidence is too thin to act on, for the warning. */
function thinEvidence(e: SourceEvidence): string {
  const outlier = e.discounted ? `; one source with ${e.discounted} visitors was discounted` : '';
  return `only ${e.sources} independent client sources (${MIN_EVIDENCE_SOURCES} needed to roll back)${outlier}`;
}

export function evaluateRuleHealth(t: RuleTelemetry, thresholdPct: number): RuleHealth {
  const threshold = thresholdPct > 0 ? thresholdPct : DEFAULT_ERROR_THRESHOLD;
  const reasons: string[] = [];
  const warnings: string[] = [];
  let warning = false;

  // Error rate versus unexposed sessions, believed only as far as its evidence goes: the rate of
  // exposed visitors with an error counted per source.
  const exposedErr = pct(t.exposedErrorSessions, t.exposedSessions);
  const baselineErr = pct(t.unexposedErrorSessions, t.unexposedSessions);
  const errIncrease = exposedErr - baselineErr;
  const errEvidence = weighEvidence(t.errorVisitorsBySource);
  const credibleIncrease = pct(errEvidence.visitors, t.exposedVisitors) - baselineErr;
  const errSample = t.exposedSessions >= MIN_EXPOSED_SESSIONS;
  const errPast = errSample && errIncrease > threshold;
  const errTrusted =
    t.exposedVisitors >= MIN_EXPOSED_VISITORS && errEvidence.sources >= MIN_EVIDENCE_SOURCES && credibleIncrease > threshold;
  const errExceeded = errPast && errTrusted;
  const errFigures =
    `Error rate ${round2(exposedErr)}% of ${t.exposedSessions} exposed sessions vs ${round2(baselineErr)}% of ${t.unexposedSessions} unexposed ` +
    `(+${round2(errIncrease)} points)`;
  if (errExceeded) {
    reasons.push(`${errFigures} exceeded the ${threshold}% error threshold`);
  } else if (errPast && errEvidence.sources >= MIN_WARNING_SOURCES && credibleIncrease > threshold / 2) {
    warnings.push(`${errFigures} is past the ${threshold}% error threshold, but the errors come from ${thinEvidence(errEvidence)}`);
  } else if (errSample && Math.min(errIncrease, credibleIncrease) > threshold / 2) warning = true;

  // Apply failures, likewise counted per source.
  const attempts = t.exposedSessions + t.applyFailures;
  const failRate = pct(t.applyFailures, attempts);
  const failEvidence = weighEvidence(t.applyFailureVisitorsBySource);
  const credibleFailRate = pct(failEvidence.visitors, t.exposedVisitors + failEvidence.visitors);
  const failSample = attempts >= MIN_APPLY_ATTEMPTS;
  const failPast = failSample && failRate > threshold;
  const failTrusted = failEvidence.sources >= MIN_EVIDENCE_SOURCES && credibleFailRate > threshold;
  const failExceeded = failPast && failTrusted;
  const failFigures = `Apply failure rate ${round2(failRate)}% (${t.applyFailures} of ${attempts} attempts)`;
  if (failExceeded) reasons.push(`${failFigures} exceeded the ${threshold}% error threshold`);
  else if (failPast && failEvidence.sources >= MIN_WARNING_SOURCES && credibleFailRate > threshold / 2)
    warnings.push(`${failFigures} is past the ${threshold}% error threshold, but the failures come from ${thinEvidence(failEvidence)}`);
  else if (failSample && Math.min(failRate, credibleFailRate) > threshold / 2) warning = true;

  // Conversion rate versus unexposed sessions; forged exposures that never convert would fake a
  // drop, so the exposures must come from many sources, none of them dominating.
  const cvrExposed = pct(t.exposedConversions, t.exposedSessions);
  const cvrBaseline = pct(t.unexposedConversions, t.unexposedSessions);
  const delta = cvrBaseline > 0 ? ((cvrExposed - cvrBaseline) / cvrBaseline) * 100 : 0;
  const test = twoProportionZTest(t.exposedConversions, t.exposedSessions, t.unexposedConversions, t.unexposedSessions);
  const convSample = t.exposedSessions >= MIN_CONVERSION_SAMPLE && t.unexposedSessions >= MIN_CONVERSION_SAMPLE;
  const convTrusted =
    t.exposedSources >= MIN_EVIDENCE_SOURCES && !exposuresDominatedByOneSource(t.exposedVisitors, t.topExposedSourceVisitors);
  const significant = convSample && test.z < 0 && test.p < SIGNIFICANCE;
  const significantDrop = significant && convTrusted;
  const convFigures =
    `Conversion rate ${round2(cvrExposed)}% for exposed vs ${round2(cvrBaseline)}% for unexposed sessions ` +
    `(${round2(delta)}%, p=${test.p < 0.001 ? '<0.001' : round2(test.p)})`;
  if (significantDrop) {
    reasons.push(`${convFigures} is a significant drop`);
  } else if (significant && t.exposedSources >= MIN_WARNING_SOURCES) {
    warnings.push(
      `${convFigures} is a significant drop, but the exposures come from ${t.exposedSources} client sources ` +
        `(${MIN_EVIDENCE_SOURCES} needed to roll back, none holding most of them)`,
    );
  } else if (convSample && convTrusted && test.z < 0 && test.p < 2 * SIGNIFICANCE) warning = true;

  const metrics: HealthMetric[] = [
    {
      metric_type: 'error_rate',
      value: round2(exposedErr),
      threshold_exceeded: errExceeded,
      details: {
        exposed_sessions: t.exposedSessions,
        exposed_error_sessions: t.exposedErrorSessions,
        unexposed_sessions: t.unexposedSessions,
        unexposed_error_sessions: t.unexposedErrorSessions,
        unexposed_rate: round2(baselineErr),
        increase_points: round2(errIncrease),
        threshold,
        sufficient_sample: errSample,
        exposed_visitors: t.exposedVisitors,
        error_visitors_counted: errEvidence.visitors,
        error_sources_counted: errEvidence.sources,
        outlier_visitors_discounted: errEvidence.discounted,
        credible_increase_points: round2(credibleIncrease),
      },
    },
    {
      metric_type: 'apply_failure_rate',
      value: round2(failRate),
      threshold_exceeded: failExceeded,
      details: {
        apply_failures: t.applyFailures,
        attempts,
        threshold,
        sufficient_sample: failSample,
        failure_visitors_counted: failEvidence.visitors,
        failure_sources_counted: failEvidence.sources,
        outlier_visitors_discounted: failEvidence.discounted,
      },
    },
    {
      metric_type: 'conversion_delta',
      value: round2(delta),
      threshold_exceeded: significantDrop,
      details: {
        exposed_sessions: t.exposedSessions,
        exposed_conversions: t.exposedConversions,
        exposed_rate: round2(cvrExposed),
        unexposed_sessions: t.unexposedSessions,
        unexposed_conversions: t.unexposedConversions,
        unexposed_rate: round2(cvrBaseline),
        z: round2(test.z),
        p_value: Math.round(test.p * 10000) / 10000,
        significance: SIGNIFICANCE,
        sufficient_sample: convSample,
        exposed_sources: t.exposedSources,
      },
    },
  ];
  const status: HealthStatus = reasons.length ? 'critical' : warnings.length || warning ? 'warning' : 'healthy';
  return { metrics, status, reason: reasons.join('; '), warningReason: reasons.length ? '' : warnings.join('; ') };
}

/** The site's health: the worst of its enabled rules' (healthy when it has none). */
export function worstHealth(statuses: string[]): HealthStatus {
  if (statuses.includes('critical')) return 'critical';
  if (statuses.includes('warning')) return 'warning';
  return 'healthy';
}
