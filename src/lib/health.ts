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
 * Nothing is judged below a minimum sample, so a handful of sessions never rolls a rule back.
 */

export interface RuleTelemetry {
  exposedSessions: number;
  exposedErrorSessions: number;
  exposedConversions: number;
  unexposedSessions: number;
  unexposedErrorSessions: number;
  unexposedConversions: number;
  /** Apply failures reported by the tracker (selector missing, change threw). */
  applyFailures: number;
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

export function evaluateRuleHealth(t: RuleTelemetry, thresholdPct: number): RuleHealth {
  const threshold = thresholdPct > 0 ? thresholdPct : DEFAULT_ERROR_THRESHOLD;
  const reasons: string[] = [];
  let warning = false;

  // Error rate versus unexposed sessions.
  const exposedErr = pct(t.exposedErrorSessions, t.exposedSessions);
  const baselineErr = pct(t.unexposedErrorSessions, t.unexposedSessions);
  const errIncrease = exposedErr - baselineErr;
  const errSample = t.exposedSessions >= MIN_EXPOSED_SESSIONS;
  const errExceeded = errSample && errIncrease > threshold;
  if (errExceeded) {
    reasons.push(
      `Error rate ${round2(exposedErr)}% of ${t.exposedSessions} exposed sessions vs ${round2(baselineErr)}% of ${t.unexposedSessions} unexposed ` +
        `(+${round2(errIncrease)} points) exceeded the ${threshold}% error threshold`,
    );
  } else if (errSample && errIncrease > threshold / 2) warning = true;

  // Apply failures.
  const attempts = t.exposedSessions + t.applyFailures;
  const failRate = pct(t.applyFailures, attempts);
  const failSample = attempts >= MIN_APPLY_ATTEMPTS;
  const failExceeded = failSample && failRate > threshold;
  if (failExceeded)
    reasons.push(
      `Apply failure rate ${round2(failRate)}% (${t.applyFailures} of ${attempts} attempts) exceeded the ${threshold}% error threshold`,
    );
  else if (failSample && failRate > threshold / 2) warning = true;

  // Conversion rate versus unexposed sessions.
  const cvrExposed = pct(t.exposedConversions, t.exposedSessions);
  const cvrBaseline = pct(t.unexposedConversions, t.unexposedSessions);
  const delta = cvrBaseline > 0 ? ((cvrExposed - cvrBaseline) / cvrBaseline) * 100 : 0;
  const test = twoProportionZTest(t.exposedConversions, t.exposedSessions, t.unexposedConversions, t.unexposedSessions);
  const convSample = t.exposedSessions >= MIN_CONVERSION_SAMPLE && t.unexposedSessions >= MIN_CONVERSION_SAMPLE;
  const significantDrop = convSample && test.z < 0 && test.p < SIGNIFICANCE;
  if (significantDrop) {
    reasons.push(
      `Conversion rate ${round2(cvrExposed)}% for exposed vs ${round2(cvrBaseline)}% for unexposed sessions ` +
        `(${round2(delta)}%, p=${test.p < 0.001 ? '<0.001' : round2(test.p)}) is a significant drop`,
    );
  } else if (convSample && test.z < 0 && test.p < 2 * SIGNIFICANCE) warning = true;

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
      },
    },
    {
      metric_type: 'apply_failure_rate',
      value: round2(failRate),
      threshold_exceeded: failExceeded,
      details: { apply_failures: t.applyFailures, attempts, threshold, sufficient_sample: failSample },
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
      },
    },
  ];
  const status: HealthStatus = reasons.length ? 'critical' : warning ? 'warning' : 'healthy';
  return { metrics, status, reason: reasons.join('; ') };
}

/** The site's health: the worst of its enabled rules' (healthy when it has none). */
export function worstHealth(statuses: string[]): HealthStatus {
  if (statuses.includes('critical')) return 'critical';
  if (statuses.includes('warning')) return 'warning';
  return 'healthy';
}
