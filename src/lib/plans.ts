/**
 * Plan tiers and what each may do: one capability table. The server enforces
 * it in hooks; the UI only mirrors it.
 */
export const PLAN_TIERS = ['free', 'starter', 'growth', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export type Capability =
  | 'scan_all_results'
  | 'deploy_optimization'
  | 'ai_chat'
  | 'documents'
  | 'ai_analysis'
  | 'click_maps'
  | 'recordings'
  | 'form_analytics'
  | 'cro_workers'
  | 'api_access'
  | 'ecommerce'
  | 'white_label'
  | 'surveys';

const MINIMUM_TIER: Record<Capability, PlanTier> = {
  scan_all_results: 'starter',
  deploy_optimization: 'starter',
  ai_chat: 'starter',
  // Document upload and analysis: the Starter card lists it; the Free card does not.
  documents: 'starter',
  ai_analysis: 'growth',
  // Starter's "Basic heatmaps": click maps and the heat layer of the last 30 days; scroll maps and
  // recordings come with recordings (pocketbase/heatmaps mirrors both, pinned by plan-limits.json).
  click_maps: 'starter',
  recordings: 'growth',
  // Form analytics sit with recordings and full heatmaps (the behaviour analytics of Growth):
  // pocketbase/forms mirrors it, pinned by plan-limits.json.
  form_analytics: 'growth',
  cro_workers: 'enterprise',
  // The public REST API (pocketbase/publicapi mirrors it, pinned by tests/fixtures/contracts/plan-limits.json).
  api_access: 'enterprise',
  // Ecommerce analytics (pocketbase/ecommerce mirrors it, pinned by plan-limits.json).
  ecommerce: 'enterprise',
  // An account's brand on its clients' dashboard, mails and reports, and its own dashboard domain
  // (pocketbase/whitelabel mirrors it, pinned by plan-limits.json).
  white_label: 'enterprise',
  // On-page surveys: with recordings (an answer opens its session's recording); pocketbase/surveys
  // mirrors it, pinned by plan-limits.json.
  surveys: 'growth',
};

/** Scan results a free user sees (of up to SCAN_MAX_RESULTS). */
export const FREE_SCAN_RESULTS = 3;
export const SCAN_MAX_RESULTS = 30;
/** Websites a user may own while none of their sites is on a paid plan. */
export const FREE_WEBSITE_LIMIT = 1;

/**
 * Tracked visitors a site may have per calendar month (UTC) on each plan, as the pricing page
 * states; null = not metered. Above the limit page views are still counted; optional work
 * (recordings, heatmap capture) stops. The Go meter (pocketbase/usage) uses the same figures,
 * pinned by tests/fixtures/contracts/plan-limits.json.
 */
export const MONTHLY_VISITOR_LIMITS: Record<PlanTier, number | null> = { free: null, starter: 25_000, growth: 100_000, enterprise: null };

/** Monthly list price in US dollars of each plan, as the pricing page shows it (plan-catalogue.ts formats it). */
export const MONTHLY_PRICE_USD: Record<PlanTier, number> = { free: 0, starter: 79, growth: 299, enterprise: 990 };

/**
 * The admin page's estimated monthly revenue: each paying account (a subscription, not a site:
 * an owner's sites share one plan) at its plan's list price.
 */
export function estimatedMonthlyRevenue(paidTiers: readonly unknown[]): number {
  return paidTiers.reduce<number>((sum, tier) => sum + MONTHLY_PRICE_USD[normalizeTier(tier)], 0);
}

/** The longest range of days a plan's click maps cover: "basic heatmaps" are the last 30 days. */
export const CLICK_MAP_MAX_DAYS: Record<PlanTier, number> = { free: 0, starter: 30, growth: 90, enterprise: 90 };

/** The refusal of a click map range longer than the plan's (Starter asking for more than 30 days). */
export function clickMapRangeRefusal(): string {
  return `Click maps of more than the last ${CLICK_MAP_MAX_DAYS.starter} days require the Growth plan or higher. Upgrade at /pricing.`;
}

/** Usage levels that send the owner a notification and a mail, once each per month. */
export const USAGE_ALERT_LEVELS = [80, 100] as const;

export function monthlyVisitorLimit(tier: unknown): number | null {
  return MONTHLY_VISITOR_LIMITS[normalizeTier(tier)];
}

/** The highest alert level reached (0 when none, or when the plan is not metered). */
export function usageAlertLevel(visitors: number, limit: number | null): number {
  if (!limit) return 0;
  let level = 0;
  for (const l of USAGE_ALERT_LEVELS) if (visitors * 100 >= limit * l) level = l;
  return level;
}

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

export const CAPABILITIES = Object.keys(MINIMUM_TIER) as Capability[];

const CAPABILITY_LABELS: Record<Capability, string> = {
  scan_all_results: 'Seeing every scan result',
  deploy_optimization: 'Deploying optimizations',
  ai_chat: 'The AI chat',
  documents: 'Document analysis',
  ai_analysis: 'AI Analysis',
  click_maps: 'Click maps',
  recordings: 'Session recordings and heatmaps',
  form_analytics: 'Form analytics',
  cro_workers: 'CRO Workers',
  api_access: 'API access',
  ecommerce: 'Ecommerce analytics',
  white_label: 'White label',
  surveys: 'On-page surveys',
};

const TIER_LABELS: Record<PlanTier, string> = { free: 'Free', starter: 'Starter', growth: 'Growth', enterprise: 'Enterprise & Ecom' };

/** The lowest tier that has the capability. */
export function requiredTier(capability: Capability): PlanTier {
  return MINIMUM_TIER[capability];
}

/** The refusal the server gives (403) when a tier lacks a capability. */
export function upgradeMessage(capability: Capability): string {
  const tier = MINIMUM_TIER[capability];
  const plans =
    tier === 'enterprise' ? 'the Enterprise & Ecom plan' : tier === 'starter' ? 'a paid plan' : `the ${TIER_LABELS[tier]} plan or higher`;
  return `${CAPABILITY_LABELS[capability]} requires ${plans}. Upgrade at /pricing.`;
}

/** Everything a tier may do, for the UI to mirror the server. */
export function entitlements(tier: unknown): { tier: PlanTier; capabilities: Record<Capability, boolean>; scanResultLimit: number } {
  const t = normalizeTier(tier);
  const capabilities = {} as Record<Capability, boolean>;
  for (const c of CAPABILITIES) capabilities[c] = can(t, c);
  return { tier: t, capabilities, scanResultLimit: scanResultLimit(t) };
}

/**
 * Brands an organization may hold: white label gives one; several (multi-brand) come with the
 * Custom Enterprise contract, which the operator grants on the organization
 * (organizations.custom_enterprise). null = no limit. Pinned with pocketbase/whitelabel by
 * plan-limits.json.
 */
export const BRAND_LIMITS: Record<PlanTier | 'custom', number | null> = { free: 0, starter: 0, growth: 0, enterprise: 1, custom: null };

/** The brands an organization of an owner on `tier` may hold. */
export function brandLimit(tier: unknown, customEnterprise: boolean): number | null {
  const t = normalizeTier(tier);
  return customEnterprise && t === 'enterprise' ? BRAND_LIMITS.custom : BRAND_LIMITS[t];
}

/** The refusal of a brand beyond an organization's one (multi-brand is Custom Enterprise's). */
export const MULTI_BRAND_REFUSAL = 'More than one brand requires the Custom Enterprise plan. Book a demo at /pricing.';
