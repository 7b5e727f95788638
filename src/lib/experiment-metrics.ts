/**
 * Ratio metrics an A/B test can measure besides a goal's conversion rate and revenue per visitor,
 * as goal references (primary_goal, secondary_goals): per exposed visitor since the first exposure,
 * a numerator over a denominator, compared by the delta method (pocketbase/experiments/ratio.go).
 */
export const RATIO_METRICS = ['revenue_per_session', 'average_order_value', 'pages_per_session'] as const;
export type RatioMetric = (typeof RATIO_METRICS)[number];
/** `goal_per_session:<goal id>`: a goal's conversions per session. */
export const GOAL_PER_SESSION = 'goal_per_session:';

export const RATIO_METRIC_LABELS: Record<RatioMetric, string> = {
  revenue_per_session: 'Revenue per session',
  average_order_value: 'Average order value',
  pages_per_session: 'Pages per session',
};

/** A ratio metric reference; a goal per session must name one of the site's goals. */
export function isRatioMetric(goal: string, siteGoalIds?: readonly string[]): boolean {
  if ((RATIO_METRICS as readonly string[]).includes(goal)) return true;
  if (!goal.startsWith(GOAL_PER_SESSION)) return false;
  const id = goal.slice(GOAL_PER_SESSION.length);
  return siteGoalIds ? siteGoalIds.includes(id) : id.length > 0;
}
