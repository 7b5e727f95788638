/**
 * AI Analysis by the built-in rules: insight cards from a site's own figures (the Analytics report
 * of the last 7 days, the site's funnels over the same days as the Funnels screen counts them, and
 * the latest scan). Each insight names the figures behind it, read from the same queries as the
 * screens and worded as they are (a step rate is not a conversion rate). Deterministic: the same
 * figures give the same insights in the same order.
 */
import type { AnalyticsReport } from '../contracts/analytics-report';
import { count, percent } from './figures';
import { cartStepClaims, type GroundingFunnelSource } from './funnel-steps';

export type InsightImpact = 'high' | 'medium' | 'low';

export interface AiInsight {
  title: string;
  description: string;
  impact: InsightImpact;
  /** How sure the rule is, in percent. */
  confidence: number;
  expectedLift: string;
  category: 'mobile' | 'conversion' | 'engagement' | 'checkout' | 'trust' | 'performance';
  /** The figures the insight rests on, as shown to the user. */
  evidence: string;
}

/** The four stat cards of an analysis. */
export interface AnalysisData {
  totalSessions: number;
  averageSessionDuration: number;
  bounceRate: number;
  scrollDepth: number;
}

export function analysisData(report: AnalyticsReport): AnalysisData {
  const s = report.summary;
  return {
    totalSessions: s.sessions,
    averageSessionDuration: Math.round(s.avgDuration),
    bounceRate: s.bounceRate,
    scrollDepth: Math.round(s.avgScroll),
  };
}

/** Fewer sessions than this and the rules say nothing: the figures would be noise. */
export const MIN_SESSIONS_FOR_INSIGHTS = 20;

const IMPACT_ORDER: Record<InsightImpact, number> = { high: 0, medium: 1, low: 2 };

/** A step from a cart or checkout page with fewer than this share (percent) going on is a stall. */
export const CART_STALL_RATE = 50;

export function ruleInsights(
  report: AnalyticsReport,
  scanFindings: Array<{ title: string; impact: string; conversionLift?: string }> = [],
  funnels: readonly GroundingFunnelSource[] = [],
): AiInsight[] {
  const s = report.summary;
  if (s.sessions < MIN_SESSIONS_FOR_INSIGHTS) return [];
  const out: AiInsight[] = [];
  const days = `last ${report.days} days`;

  const mobile = report.devices.find((d) => d.value === 'mobile');
  const desktop = report.devices.find((d) => d.value === 'desktop');
  if (mobile && desktop && mobile.sessions >= 10 && desktop.conversionRate > 0 && mobile.conversionRate < desktop.conversionRate * 0.7) {
    const gap = Math.round((1 - mobile.conversionRate / desktop.conversionRate) * 100);
    out.push({
      title: 'Mobile visitors convert far less than desktop visitors',
      description: `Mobile converts ${gap}% less than desktop. Check tap targets, form fields and page weight on phones; a sticky call to action usually helps.`,
      impact: gap >= 50 ? 'high' : 'medium',
      confidence: mobile.sessions >= 100 ? 85 : 70,
      expectedLift: '5-15%',
      category: 'mobile',
      evidence: `Mobile ${percent(mobile.conversionRate, 2)} vs desktop ${percent(desktop.conversionRate, 2)} conversion rate (${count(mobile.sessions)} mobile sessions, ${days})`,
    });
  }

  const entryPages = report.pages.filter((p) => p.entries >= 10);
  const worst = [...entryPages].sort((a, b) => b.bounceRate - a.bounceRate || a.path.localeCompare(b.path))[0];
  if (worst && worst.bounceRate >= 60) {
    out.push({
      title: `High bounce on ${worst.path}`,
      description: `Most visitors who land on ${worst.path} leave without a second page. Make the headline match where they came from and put one clear next step above the fold.`,
      impact: worst.bounceRate >= 75 ? 'high' : 'medium',
      confidence: worst.entries >= 100 ? 85 : 70,
      expectedLift: '3-10%',
      category: 'engagement',
      evidence: `${percent(worst.bounceRate, 1)} bounce rate on ${count(worst.entries)} entries (${days})`,
    });
  }

  const erroring = [...report.pages]
    .filter((p) => p.errors > 0 && p.pageviews >= 10)
    .sort((a, b) => b.errors / b.pageviews - a.errors / a.pageviews)[0];
  if (erroring && erroring.errors / erroring.pageviews >= 0.05) {
    out.push({
      title: `JavaScript errors on ${erroring.path}`,
      description: `Errors on ${erroring.path} can break buttons and forms. Fix them before testing anything else on this page.`,
      impact: 'high',
      confidence: 90,
      expectedLift: '2-8%',
      category: 'performance',
      evidence: `${count(erroring.errors)} errors on ${count(erroring.pageviews)} page views (${days})`,
    });
  }

  // How many visitors go on from a cart or checkout page is a funnel step (the Funnels screen's
  // figure); a page's own conversion rate counts only conversions recorded on it.
  const stall = cartStepClaims(funnels).find((c) => c.reached >= 10 && c.rate < CART_STALL_RATE);
  if (stall) {
    out.push({
      title: `Visitors stall at ${stall.from}`,
      description: `Most visitors who reach ${stall.from} do not go on to ${stall.to}. Show the total early, offer guest checkout and add trust signals near the payment button.`,
      impact: 'high',
      confidence: stall.reached >= 100 ? 85 : 75,
      expectedLift: '5-20%',
      category: 'checkout',
      evidence: `${percent(stall.rate, 1)} of the ${count(stall.reached)} visitors who reached ${stall.from} went on to ${stall.to} (funnel "${stall.funnel}", ${days})`,
    });
  }

  if (s.avgScroll > 0 && s.avgScroll < 40) {
    out.push({
      title: 'Visitors see little of your pages',
      description: 'Half of each page goes unseen. Move the key benefit and the call to action higher.',
      impact: 'medium',
      confidence: 70,
      expectedLift: '2-6%',
      category: 'engagement',
      evidence: `${percent(Math.round(s.avgScroll), 0)} average scroll depth (${days})`,
    });
  }

  if (s.conversionRate < 1) {
    out.push({
      title: 'Conversion rate below 1%',
      description: 'Under 1% of sessions convert. Start with the pages most visitors land on and test one clearer offer.',
      impact: 'high',
      confidence: 80,
      expectedLift: '10-30%',
      category: 'conversion',
      evidence: `${percent(s.conversionRate, 2)} conversion rate over ${count(s.sessions)} sessions (${days})`,
    });
  }

  for (const f of scanFindings.filter((x) => x.impact === 'high').slice(0, 2)) {
    out.push({
      title: f.title,
      description: 'Found by the latest website scan of your site.',
      impact: 'high',
      confidence: 70,
      expectedLift: f.conversionLift || '—',
      category: 'trust',
      evidence: 'Latest website scan',
    });
  }

  return out.sort(
    (a, b) => IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] || b.confidence - a.confidence || a.title.localeCompare(b.title),
  );
}
