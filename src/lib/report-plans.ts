/**
 * How often each plan may send scheduled reports. The pricing page promises weekly reports from
 * Starter and daily reports from Growth; Free has the read-only dashboard and no scheduled mail.
 * A monthly report is less than a weekly one, so it comes with Starter too. The server
 * (pocketbase/reports/plan.go) mirrors this table, both pinned by
 * tests/fixtures/contracts/plan-limits.json.
 */
import { PLAN_TIERS, normalizeTier, type PlanTier } from './plans';
import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, type ReportFrequency } from './reports';

const MINIMUM_TIER: Record<ReportFrequency, PlanTier> = { daily: 'growth', weekly: 'starter', monthly: 'starter' };

/** Whether a site on `tier` may schedule reports of `frequency`. */
export function reportFrequencyAllowed(tier: unknown, frequency: ReportFrequency): boolean {
  return PLAN_TIERS.indexOf(normalizeTier(tier)) >= PLAN_TIERS.indexOf(MINIMUM_TIER[frequency]);
}

/** The frequencies a plan may schedule (none on Free). */
export function allowedReportFrequencies(tier: unknown): ReportFrequency[] {
  return REPORT_FREQUENCIES.filter((f) => reportFrequencyAllowed(tier, f));
}

/** The lowest plan that sends reports of `frequency`, in the words of the refusal. */
export function reportFrequencyPlan(frequency: ReportFrequency): string {
  return MINIMUM_TIER[frequency] === 'starter' ? 'a paid plan' : 'the Growth plan or higher';
}

/** The server's refusal (403) of a report whose frequency the plan does not include. */
export function reportFrequencyRefusal(frequency: ReportFrequency): string {
  return `${REPORT_FREQUENCY_LABELS[frequency]} reports require ${reportFrequencyPlan(frequency)}. Upgrade at /pricing.`;
}

/**
 * What the New Report dialog says under Frequency when the plan leaves some out (the upgrade link
 * follows it), or null when every frequency is included.
 */
export function reportPlanNotice(tier: unknown): string | null {
  const allowed = allowedReportFrequencies(tier);
  if (allowed.length === 0) return 'Scheduled reports require a paid plan.';
  const missing = REPORT_FREQUENCIES.filter((f) => !allowed.includes(f));
  if (missing.length === 0) return null;
  return missing.map((f) => reportFrequencyRefusal(f).replace(' Upgrade at /pricing.', '')).join(' ');
}
