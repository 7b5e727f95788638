/**
 * The dashboard scan combines the page audit with what the platform already knows about the
 * site: its own analytics (last 30 days of rollups) and the recommendations of analysed documents.
 */
import { findingScore, type AuditResult } from './audit';
import type { Finding, ScanCategory } from './types';

export interface SiteAnalytics {
  sessions: number;
  bounces: number;
  conversions: number;
  converted_sessions: number;
}

export interface AnalysedDocument {
  file_name: string;
  recommendations: string[];
}

export const SCAN_SOURCES = { audit: 'website audit', analytics: 'site analytics', documents: 'analysed documents' } as const;

function finding(f: Omit<Finding, 'conversionLift'>): Finding {
  return { ...f, conversionLift: `${f.liftMin}-${f.liftMax}%` };
}

export function analyticsFindings(a: SiteAnalytics): Finding[] {
  if (a.sessions < 100) return [];
  const out: Finding[] = [];
  const bounce = (a.bounces / a.sessions) * 100;
  const cvr = (a.converted_sessions / a.sessions) * 100;
  if (bounce > 60) {
    out.push(
      finding({
        id: 'analytics-high-bounce',
        title: 'Reduce the high bounce rate',
        description: `${bounce.toFixed(1)}% of sessions in the last 30 days left after one page. Match the landing pages to the ads and searches that bring visitors, and show the next step at once.`,
        impact: 'High',
        difficulty: 'Medium',
        liftMin: 5,
        liftMax: 15,
        category: 'Copywriting',
        evidence: { element: 'sessions (30 days)', count: a.sessions, sample: `${bounce.toFixed(1)}% bounce rate` },
        confidence: 88,
        timeToImplement: '1-2 days',
      }),
    );
  }
  if (cvr < 2) {
    out.push(
      finding({
        id: 'analytics-low-conversion',
        title: 'Lift a conversion rate below 2%',
        description: `Only ${cvr.toFixed(2)}% of sessions converted in the last 30 days. Start with the highest-impact page fixes above and test them against the current page.`,
        impact: 'High',
        difficulty: 'Medium',
        liftMin: 8,
        liftMax: 20,
        category: 'CTA',
        evidence: { element: 'converted sessions (30 days)', count: a.converted_sessions, sample: `${cvr.toFixed(2)}% conversion rate` },
        confidence: 85,
        timeToImplement: '1-2 weeks',
      }),
    );
  }
  return out;
}

const CATEGORY_WORDS: [RegExp, ScanCategory][] = [
  [/checkout|cart|payment|shipping/i, 'Checkout'],
  [/price|pricing|plan|discount/i, 'Pricing'],
  [/form|field/i, 'Form Optimization'],
  [/review|testimonial|social proof|case stud/i, 'Social Proof'],
  [/trust|secur|guarantee|privacy/i, 'Trust Signals'],
  [/mobile|phone|responsive/i, 'Mobile UX'],
  [/speed|performance|load/i, 'Performance'],
  [/email|retention|loyal|newsletter/i, 'Retention'],
  [/button|call to action|cta/i, 'CTA'],
];

export function documentFindings(docs: AnalysedDocument[]): Finding[] {
  const out: Finding[] = [];
  docs.slice(0, 5).forEach((doc, d) => {
    doc.recommendations.slice(0, 3).forEach((rec, i) => {
      const text = String(rec).trim();
      if (!text) return;
      const category = CATEGORY_WORDS.find(([re]) => re.test(text))?.[1] ?? 'Copywriting';
      out.push(
        finding({
          id: `document-${d}-${i}`,
          title: text.length > 80 ? `${text.slice(0, 77)}...` : text,
          description: text,
          impact: 'Medium',
          difficulty: 'Medium',
          liftMin: 3,
          liftMax: 8,
          category,
          evidence: { element: doc.file_name },
          confidence: 70,
          timeToImplement: '1-2 days',
        }),
      );
    });
  });
  return out;
}

/** Merges the extra findings into the audit's ranking; the result keeps AuditResult's shape. */
export function combineFindings(result: AuditResult, extra: Finding[]): Finding[] {
  return [...result.findings, ...extra].sort((a, b) => findingScore(b) - findingScore(a) || a.id.localeCompare(b.id));
}
