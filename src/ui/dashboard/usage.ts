/** How the dashboard writes a site's plan usage: "12,345 of 25,000 visitors this month (49%)". */
import { monthlyVisitorLimit, usageAlertLevel } from '../../lib/plans';

export interface UsageFigures {
  visitors: number;
  limit: number | null;
  percent: number | null;
  /** The alert level reached (0, 80 or 100), as the server's meter counts it. */
  level: number;
}

/** This month's usage of a site (0 before the meter has run this month). */
export function usageOf(site: { plan_tier: string; usage_period?: string; usage_visitors?: number }, now = new Date()): UsageFigures {
  const period = now.toISOString().slice(0, 7);
  const visitors = site.usage_period === period ? (site.usage_visitors ?? 0) : 0;
  const limit = monthlyVisitorLimit(site.plan_tier);
  return { visitors, limit, percent: limit ? Math.round((visitors / limit) * 100) : null, level: usageAlertLevel(visitors, limit) };
}

export function usageSentence(u: UsageFigures): string {
  const v = u.visitors.toLocaleString('en-US');
  return u.limit === null
    ? `${v} visitors this month (not metered on this plan)`
    : `${v} of ${u.limit.toLocaleString('en-US')} visitors this month (${u.percent}%)`;
}
