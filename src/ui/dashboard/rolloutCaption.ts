/**
 * The caption under a Traffic Rollout slider, also shown on rule cards. A rule that is off (never
 * enabled, or rolled back) reaches no visitor, whatever its saved share says.
 */
export function rolloutCaption(pct: number, enabled = true): string {
  if (pct <= 0) return 'Not active - increase to start rollout';
  if (!enabled) return 'Off - shown to no visitors';
  if (pct >= 100) return 'Active for all visitors';
  return `Active for ${pct}% of visitors`;
}
