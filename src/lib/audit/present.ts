/** Shapes of the audit for the three screens that show it. */
import type { SitePageRole } from './site-pages';
import { findingScore, type AuditResult } from './audit';
import type { Finding, ScanCategory } from './types';

/** One opportunity as the landing page's scan widget shows it. */
export interface LandingOpportunity {
  id: string;
  name: string;
  description: string;
  category: 'conversion' | 'trust' | 'mobile';
  impact: 'high' | 'medium' | 'low';
  predicted_lift_min: number;
  predicted_lift_max: number;
  confidence: number;
  difficulty: 'easy' | 'medium' | 'hard';
  time_to_implement: string;
}

const LANDING_CATEGORY: Record<ScanCategory, LandingOpportunity['category']> = {
  CTA: 'conversion',
  Checkout: 'conversion',
  Copywriting: 'conversion',
  'Form Optimization': 'conversion',
  Pricing: 'conversion',
  Retention: 'conversion',
  'Trust Signals': 'trust',
  'Social Proof': 'trust',
  'Mobile UX': 'mobile',
  Performance: 'mobile',
};

export function toLandingOpportunity(f: Finding): LandingOpportunity {
  return {
    id: f.id,
    name: f.title,
    description: f.description,
    category: LANDING_CATEGORY[f.category],
    impact: f.impact.toLowerCase() as LandingOpportunity['impact'],
    predicted_lift_min: f.liftMin,
    predicted_lift_max: f.liftMax,
    confidence: f.confidence,
    difficulty: f.difficulty.toLowerCase() as LandingOpportunity['difficulty'],
    time_to_implement: f.timeToImplement,
  };
}

/** What the public scan endpoint returns. */
export interface ScanResponse {
  url: string;
  siteType: AuditResult['siteType'];
  siteTypeLabel: string;
  /** The site's home page, when the type was read from it as well as from this page. */
  siteTypeHome?: string;
  pageType: AuditResult['pageType'];
  pageTypeLabel: string;
  /** e.g. '12-31%'; NO_LIFT_TEXT for sites that do not sell. */
  expectedLift: string;
  expectedLiftMin: number;
  expectedLiftMax: number;
  totalFindings: number;
  /** The first 10 findings (the /website-scan list). */
  optimizations: Finding[];
  /** Findings beyond those returned. */
  moreCount: number;
  /** The landing widget's 3: the findings the audit is most sure of. */
  opportunities: LandingOpportunity[];
  scannedAt: string;
  cached: boolean;
  /** The page was judged as a browser showed it after scripts; false: from its HTML alone. */
  rendered: boolean;
}

export const PUBLIC_SCAN_RESULTS = 10;
export const LANDING_SCAN_RESULTS = 3;

export const NO_LIFT_TEXT = 'Not estimated';

export function formatLift(min: number, max: number): string {
  return `${Math.round(min)}-${Math.round(max)}%`;
}

/** The findings a short list shows: most confident first, then by expected impact. */
export function mostCertain(findings: Finding[], n: number): Finding[] {
  return [...findings]
    .sort((a, b) => b.confidence - a.confidence || findingScore(b) - findingScore(a) || a.id.localeCompare(b.id))
    .slice(0, n);
}

export function toScanResponse(result: AuditResult, scannedAt: string, cached: boolean): ScanResponse {
  const optimizations = result.findings.slice(0, PUBLIC_SCAN_RESULTS);
  return {
    url: result.url,
    siteType: result.siteType,
    siteTypeLabel: result.siteTypeLabel,
    ...(result.siteTypeHome ? { siteTypeHome: result.siteTypeHome } : {}),
    pageType: result.pageType,
    pageTypeLabel: result.pageTypeLabel,
    expectedLift: result.liftEstimated === false ? NO_LIFT_TEXT : formatLift(result.expectedLift.min, result.expectedLift.max),
    expectedLiftMin: result.expectedLift.min,
    expectedLiftMax: result.expectedLift.max,
    totalFindings: result.findings.length,
    optimizations,
    moreCount: Math.max(0, result.findings.length - optimizations.length),
    opportunities: mostCertain(result.findings, LANDING_SCAN_RESULTS).map(toLandingOpportunity),
    scannedAt,
    cached,
    rendered: result.rendered === true,
  };
}

/** What the dashboard's site scan returns; `opportunities` holds at most `limit` findings. */
export interface SiteScanResponse {
  siteType: AuditResult['siteType'];
  siteTypeLabel: string;
  url: string;
  /** The pages read: the home page and those found by its links (up to 5). */
  pages: { url: string; role: SitePageRole }[];
  expectedLift: string;
  totalFindings: number;
  limit: number;
  /** Page findings say on which page they are (analytics and document findings do not). */
  opportunities: (Finding & { page?: string; pageRole?: SitePageRole })[];
  /** Findings held back by the plan. */
  lockedCount: number;
  sources: string[];
  scannedAt: string;
  cached: boolean;
}
