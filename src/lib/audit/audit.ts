/**
 * The website audit: HTML in, ranked findings out. Pure TypeScript (no DOM, no Node), shared by
 * the server's hooks, the browser and the tests.
 */
import type { SiteType } from '../site-type';
import { ALL_CHECKS } from './checks';
import type { Page } from './page';
import { computeSignals } from './signals';
import { detectSiteType, type SiteTypeResult } from './site-type';
import type { Check, CheckResult, Finding, Impact } from './types';

export interface AuditResult {
  url: string;
  siteType: SiteType;
  siteTypeLabel: string;
  siteTypeSource: SiteTypeResult['source'];
  siteTypeSignals: string[];
  /** Ranked by expected impact, highest first. */
  findings: Finding[];
  /** Expected conversion lift if the findings are fixed, in percent. */
  expectedLift: { min: number; max: number };
  checksRun: number;
  htmlBytes: number;
  wordCount: number;
}

const IMPACT_WEIGHT: Record<Impact, number> = { High: 3, Medium: 2, Low: 1 };

/** Expected value of a finding: impact weight x mid lift x confidence. */
export function findingScore(f: Pick<Finding, 'impact' | 'liftMin' | 'liftMax' | 'confidence'>): number {
  return IMPACT_WEIGHT[f.impact] * ((f.liftMin + f.liftMax) / 2) * (f.confidence / 100);
}

function liftText(min: number, max: number): string {
  return `${min}-${max}%`;
}

function toFinding(check: Check, r: CheckResult): Finding {
  const [liftMin, liftMax] = check.lift;
  return {
    id: check.id,
    title: check.title,
    description: r.description ?? check.description,
    impact: r.impact ?? check.impact,
    difficulty: check.difficulty,
    liftMin,
    liftMax,
    conversionLift: liftText(liftMin, liftMax),
    category: check.category,
    evidence: r.evidence,
    confidence: r.confidence ?? check.confidence,
    timeToImplement: check.timeToImplement,
  };
}

/**
 * Fixes do not add up: each finding's lift (weighted by confidence and a realism factor) is
 * combined multiplicatively, and the total is capped.
 */
export function expectedLift(findings: Finding[]): { min: number; max: number } {
  const combine = (pick: (f: Finding) => number, cap: number): number => {
    const rest = findings.reduce((acc, f) => acc * (1 - (0.3 * pick(f) * f.confidence) / 10000), 1);
    return Math.min(cap, Math.round((1 - rest) * 1000) / 10);
  };
  return { min: combine((f) => f.liftMin, 40), max: combine((f) => f.liftMax, 65) };
}

export function auditPage(page: Page): AuditResult {
  const signals = computeSignals(page);
  const type = detectSiteType(page.url, page, signals);
  const ctx = { page, signals, siteType: type.siteType };
  const checks = ALL_CHECKS.filter((c) => !c.siteTypes || c.siteTypes.includes(type.siteType));
  const findings: Finding[] = [];
  for (const check of checks) {
    const r = check.run(ctx);
    if (r) findings.push(toFinding(check, r));
  }
  findings.sort((a, b) => findingScore(b) - findingScore(a) || a.id.localeCompare(b.id));
  return {
    url: page.url,
    siteType: type.siteType,
    siteTypeLabel: type.label,
    siteTypeSource: type.source,
    siteTypeSignals: type.signals,
    findings,
    expectedLift: expectedLift(findings),
    checksRun: checks.length,
    htmlBytes: page.htmlBytes,
    wordCount: page.wordCount,
  };
}
