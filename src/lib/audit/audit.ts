/**
 * The website audit: HTML in, ranked findings out. Pure TypeScript (no DOM, no Node), shared by
 * the server's hooks, the browser and the tests.
 */
import { SITE_TYPE_LABELS, SITE_TYPES_WITHOUT_LIFT, classifiablePart, type SiteType } from '../site-type';
import { ALL_CHECKS } from './checks';
import type { Page } from './page';
import { decidePageType, PAGE_TYPE_LABELS, UNDECIDED_PAGE_RULE, type PageType } from './page-type';
import { chromeByScript, isScriptShell, judgedFromHtml, judgedWithoutChrome } from './shell';
import { guardFindings } from './evidence-guard';
import { computeSignals } from './signals';
import { homeOfSameSite } from './site-home';
import { siteLinks, type SiteLink } from './site-pages';
import { decideWithHome, siteTypeEvidence, type SiteTypeEvidence, type SiteTypeResult } from './site-type';
import { CONFIDENT_SITE_TYPE, needsConfidentType, needsDecidedPageType } from './type-confidence';
import type { Check, CheckResult, Finding, Impact } from './types';

export interface AuditResult {
  url: string;
  siteType: SiteType;
  siteTypeLabel: string;
  siteTypeSource: SiteTypeResult['source'];
  siteTypeSignals: string[];
  /** How sure the type is (its probability, 0-1); below CONFIDENT_SITE_TYPE no type-scoped absence is reported. */
  siteTypeConfidence: number;
  /** This page's signs of each type before any decision: the signed-in scan pools its pages' (siteTypeOfPages). */
  siteTypeEvidence: SiteTypeEvidence;
  /** The site's home page whose signs typed the site with this page's (site-home.ts), when one was read. */
  siteTypeHome?: string;
  pageType: PageType;
  pageTypeLabel: string;
  /** False for sites that do not sell (content, documentation, non-profit): no lift is promised. */
  liftEstimated: boolean;
  /** Ranked by expected impact, highest first. */
  findings: Finding[];
  /** Expected conversion lift if the findings are fixed, in percent. */
  expectedLift: { min: number; max: number };
  checksRun: number;
  htmlBytes: number;
  wordCount: number;
  /** The site's own product, pricing, listing, cart and contact links (for the signed-in scan). */
  siteLinks: SiteLink[];
  /** Judged as a browser showed it after scripts (set by the server when it renders), not from the HTML alone. */
  rendered?: boolean;
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

/** A finding is shown only with something on the page to point at: an element, a selector, an excerpt or what is missing. */
export function hasEvidence(f: Pick<Finding, 'evidence'>): boolean {
  const e = f.evidence;
  return [e.element, e.selector, e.sample, e.missing].some((v) => typeof v === 'string' && v.trim() !== '');
}

export interface AuditOptions {
  /** The type decided for the whole site (the signed-in scan's pages together)... */
  siteType?: SiteType;
  /** ...and its probability (a type given without one is taken as decided). */
  siteTypeConfidence?: number;
  /** The site's home page, read for an inner page (site-home.ts): the site is typed from both pages' signs. */
  home?: Page;
}

export function auditPage(page: Page, options: AuditOptions = {}): AuditResult {
  const signals = computeSignals(page);
  // The query string never classifies: the same page with and without ?utm_... gets one type.
  const evidence = siteTypeEvidence(classifiablePart(page.url), page, signals);
  const home = !options.siteType && options.home && homeOfSameSite(page.url, options.home.url) ? options.home : undefined;
  const detected = decideWithHome([evidence], home && siteTypeEvidence(classifiablePart(home.url), home, computeSignals(home)));
  const type: SiteTypeResult = options.siteType
    ? {
        ...detected,
        siteType: options.siteType,
        label: SITE_TYPE_LABELS[options.siteType],
        source: 'content',
        confidence: options.siteTypeConfidence ?? 1,
      }
    : detected;
  const confident = type.confidence >= CONFIDENT_SITE_TYPE;
  const { type: pageType, rule: pageTypeRule } = decidePageType(page, signals);
  const pageTypeDecided = pageTypeRule !== UNDECIDED_PAGE_RULE;
  const ctx = { page, signals, siteType: type.siteType, pageType };
  const checks = ALL_CHECKS.filter(
    (c) => (!c.siteTypes || c.siteTypes.includes(type.siteType)) && (!c.pageTypes || c.pageTypes.includes(pageType)),
  );
  const findings: Finding[] = [];
  for (const check of checks) {
    const r = check.run(ctx);
    if (r && (confident || !needsConfidentType(check, r)) && (pageTypeDecided || !needsDecidedPageType(check, r)))
      findings.push(toFinding(check, r));
  }
  // An app shell's body is built by script: what it lacks in the served HTML is not missing.
  const shell = isScriptShell(page);
  // Likewise a header or footer loaded by script: what the site keeps there is not missing.
  const chrome = chromeByScript(page);
  // Last, every quote is checked against the page: none shows text or a selector the page lacks.
  const shown = guardFindings(findings, page).filter(
    (f) => hasEvidence(f) && (!shell || judgedFromHtml(f)) && (!chrome || judgedWithoutChrome(f)),
  );
  shown.sort((a, b) => findingScore(b) - findingScore(a) || a.id.localeCompare(b.id));
  const liftEstimated = !SITE_TYPES_WITHOUT_LIFT.includes(type.siteType);
  return {
    url: page.url,
    siteType: type.siteType,
    siteTypeLabel: type.label,
    siteTypeSource: type.source,
    siteTypeSignals: type.signals,
    siteTypeConfidence: type.confidence,
    siteTypeEvidence: evidence,
    ...(home ? { siteTypeHome: home.url } : {}),
    pageType,
    pageTypeLabel: PAGE_TYPE_LABELS[pageType],
    liftEstimated,
    findings: shown,
    expectedLift: liftEstimated ? expectedLift(shown) : { min: 0, max: 0 },
    checksRun: checks.length,
    htmlBytes: page.htmlBytes,
    wordCount: page.wordCount,
    siteLinks: siteLinks(page),
  };
}
