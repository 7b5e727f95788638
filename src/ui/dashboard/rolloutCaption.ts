/** The caption under a Traffic Rollout slider, also shown on rule cards. */
export function rolloutCaption(pct: number): string {
  if (pct <= 0) return 'Not active - increase to start rollout';
  if (pct >= 100) return 'Active for all visitors';
  return `Active for ${pct}% of visitors`;
}
