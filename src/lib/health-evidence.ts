/**
 * How much of a rule's bad telemetry to believe before acting on it (pure; used by health.ts).
 *
 * The tracker is public and its events are the sender's to write: one client can post any number
 * of sessions, visitor ids and user agents. What it cannot easily fake is coming from many
 * addresses. So the store counts visitors per client source (a keyed hash of the address), and a
 * rollback needs the evidence of many visitors from many sources:
 *
 * - a visitor counts once however many of its sessions fail (visitors, not sessions, are counted);
 * - a source counts at most MAX_VISITORS_PER_SOURCE visitors;
 * - a source holding more than OUTLIER_SHARE of all the visitors counted is discounted entirely.
 */

/**
 * Distinct visitors exposed to a rule before its error rate may roll it back: sessions of one
 * visitor are not independent observations, so the sessions minimum alone is not enough.
 */
export const MIN_EXPOSED_VISITORS = 30;
/**
 * Distinct client sources whose visitors failed before a rollback: one attacker rarely holds ten
 * networks, while a change that breaks the page reaches that many on any site with enough traffic
 * to judge.
 */
export const MIN_EVIDENCE_SOURCES = 10;
/**
 * Fewer distinct sources than this is one household or one office: not even worth a warning.
 * From here to MIN_EVIDENCE_SOURCES the owner is warned and decides.
 */
export const MIN_WARNING_SOURCES = 3;
/** A household or an office shares an address; more visitors behind it add nothing independent. */
export const MAX_VISITORS_PER_SOURCE = 3;
/** One source with more than this share of the failing visitors is an outlier, not a pattern. */
export const OUTLIER_SHARE = 0.5;

export interface SourceEvidence {
  /** Visitors that count: capped per source, without an outlier source. */
  visitors: number;
  /** Sources that count (the outlier excluded). */
  sources: number;
  /** Visitors of the discounted outlier source, 0 when there is none. */
  discounted: number;
}

/** Weighs visitors counted per source (largest first, as the store reports them). */
export function weighEvidence(visitorsBySource: readonly number[]): SourceEvidence {
  const counts = [...visitorsBySource].filter((n) => n > 0).sort((a, b) => b - a);
  const total = counts.reduce((sum, n) => sum + n, 0);
  const top = counts[0] ?? 0;
  const discounted = top > total * OUTLIER_SHARE ? top : 0;
  const kept = discounted ? counts.slice(1) : counts;
  return {
    visitors: kept.reduce((sum, n) => sum + Math.min(n, MAX_VISITORS_PER_SOURCE), 0),
    sources: kept.length,
    discounted,
  };
}

/**
 * Whether one source holds too many of the exposed visitors for a conversion comparison to be
 * trusted (forged exposures without conversions would fake a drop).
 */
export function exposuresDominatedByOneSource(exposedVisitors: number, topSourceVisitors: number): boolean {
  return exposedVisitors > 0 && topSourceVisitors > exposedVisitors * OUTLIER_SHARE;
}
