/**
 * Plan tiers and what each may do: the dashboard spec's capability table. The server enforces
 * it in hooks; the UI only mirrors it.
 */
export const PLAN_TIERS = ['free', 'starter', 'growth', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export type Capability = 'scan_all_results' | 'deploy_optimization' | 'ai_analysis' | 'recordings' | 'cro_workers';

const MINIMUM_TIER: Record<Capability, PlanTier> = {
  scan_all_results: 'starter',
  deploy_optimization: 'starter',
  ai_analysis: 'growth',
  recordings: 'growth',
  cro_workers: 'enterprise',
};

/** Scan results a free user sees (of up to SCAN_MAX_RESULTS). */
export const FREE_SCAN_RESULTS = 3;
export const SCAN_MAX_RESULTS = 30;
/** Websites a user may own while none of their sites is on a paid plan. */
export const FREE_WEBSITE_LIMIT = 1;

export function normalizeTier(tier: unknown): PlanTier {
  return (PLAN_TIERS as readonly string[]).includes(tier as string) ? (tier as PlanTier) : 'free';
}

export function isPaid(tier: unknown): boolean {
  return normalizeTier(tier) !== 'free';
}

export function can(tier: unknown, capability: Capability): boolean {
  return PLAN_TIERS.indexOf(normalizeTier(tier)) >= PLAN_TIERS.indexOf(MINIMUM_TIER[capability]);
}

export function scanResultLimit(tier: unknown): number {
  return can(tier, 'scan_all_results') ? SCAN_MAX_RESULTS : FREE_SCAN_RESULTS;
}
