/**
 * The scan's quality set: pages written for the tests in the styles seen on real sites
 * (tests/fixtures/scan/quality/*.html), each with the findings a reviewer expects and its site
 * and page type (quality/expected.json). Scores the audit against them: precision and recall of
 * the findings, site and page type accuracy, and the share of findings with evidence. Used by
 * tests/unit/audit-quality.test.ts and `npm run bench -- scan`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { auditPage, hasEvidence, type AuditResult } from '../../src/lib/audit';
import { fixturePage } from './audit-pages';

const EXPECTED = resolve(import.meta.dirname, '../fixtures/scan/quality/expected.json');

export interface QualityCase {
  name: string;
  url: string;
  siteType: string;
  pageType: string;
  findings: string[];
}

export interface CaseScore {
  name: string;
  result: AuditResult;
  falsePositives: string[];
  falseNegatives: string[];
  siteTypeRight: boolean;
  pageTypeRight: boolean;
}

export interface QualityScore {
  cases: CaseScore[];
  precision: number;
  recall: number;
  siteTypeAccuracy: number;
  pageTypeAccuracy: number;
  evidenceShare: number;
  findings: number;
}

export function qualityCases(): QualityCase[] {
  const raw = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Record<string, Omit<QualityCase, 'name'>>;
  return Object.entries(raw).map(([name, c]) => ({ name, ...c }));
}

export function scoreQuality(cases: QualityCase[] = qualityCases()): QualityScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let withEvidence = 0;
  let findings = 0;
  const scored = cases.map((c): CaseScore => {
    const result = auditPage(fixturePage(join('quality', c.name), c.url));
    const got = result.findings.map((f) => f.id);
    const falsePositives = got.filter((id) => !c.findings.includes(id));
    const falseNegatives = c.findings.filter((id) => !got.includes(id));
    tp += got.length - falsePositives.length;
    fp += falsePositives.length;
    fn += falseNegatives.length;
    findings += result.findings.length;
    withEvidence += result.findings.filter(hasEvidence).length;
    return {
      name: c.name,
      result,
      falsePositives,
      falseNegatives,
      siteTypeRight: result.siteType === c.siteType,
      pageTypeRight: result.pageType === c.pageType,
    };
  });
  const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
  return {
    cases: scored,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    siteTypeAccuracy: ratio(scored.filter((s) => s.siteTypeRight).length, scored.length),
    pageTypeAccuracy: ratio(scored.filter((s) => s.pageTypeRight).length, scored.length),
    evidenceShare: ratio(withEvidence, findings),
    findings,
  };
}
