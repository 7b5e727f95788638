/**
 * The scan's real-page corpus: pages of public open-source site and shop templates that nobody
 * here wrote (their sources and licences in tests/fixtures/scan/corpus/SOURCES.md), each labelled
 * by hand before any check ran on it (corpus/labels.json and, for the blind half, labels-blind.json: site and page type, and which of the
 * scored problems the page has). The pages themselves are not in this repository: they are read
 * from SCAN_CORPUS_DIR (default .scan-corpus in the checkout, git-ignored: fetched pages are not committed), one
 * <id>.html per page under pages/.
 *
 * The pages are split at random (seeded, by site, stratified by site type) into a tuning half and
 * a blind half; both are scored, and only the tuning half's pages are looked at while checks change.
 *
 * A label lists facts about the page whatever its type ("no testimonials"); the expected findings
 * are the facts whose check applies to the page's labelled site and page type (the catalogue's own
 * scope), so a finding the audit reports because it mistook the site type counts as a false one.
 * When the audit's type is one the label also accepts (`siteTypeAlt`, `pageTypeAlt`), the scope is
 * that answer's: a right answer is not charged with another type's findings.
 * Checks outside SCORED are not scored (a reviewer cannot judge them from the page alone, e.g.
 * asset weights); a label's `unsure` facts are not scored either.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ALL_CHECKS,
  auditPage,
  computeSignals,
  decideSiteType,
  readHome,
  siteTypeEvidence,
  type AuditResult,
  type Finding,
  type HomeFetch,
  type Page,
  type SiteTypeEvidence,
} from '../../src/lib/audit';
import { htmlSource, pointsAtPage, quotedAsFound as quotedOnPage } from '../../src/lib/audit/quoted';
import type { SiteWordsModel } from '../../src/lib/audit/site-words';
import { classifiablePart } from '../../src/lib/site-type';
import { parseWithGo } from './audit-pages';

const ROOT = resolve(import.meta.dirname, '../..');
// The tuning half's labels, and the blind half's in a file of their own (never opened while checks change).
const LABELS = ['labels.json', 'labels-blind.json'].map((f) => join(ROOT, 'tests/fixtures/scan/corpus', f));

/** The checks a reviewer judges from the page itself, and the labels say yes or no to. */
export const SCORED = [
  'cta-missing',
  'cta-dead-links',
  'trust-no-contact',
  'trust-no-privacy',
  'trust-no-about',
  'social-no-testimonials',
  'social-no-ratings',
  'social-no-logos',
  'pricing-no-price',
  'pricing-hidden',
  'copy-no-h1',
  'copy-multiple-h1',
  'copy-filler-text',
  'copy-default-title',
  'copy-no-meta-description',
  'copy-placeholder-alt',
  'copy-no-lang',
  'retention-no-social-links',
  'retention-no-newsletter',
  'retention-no-open-graph',
  'retention-no-favicon',
  'mobile-no-viewport',
  'mobile-zoom-disabled',
  'checkout-no-cart',
] as const;

export type Half = 'tune' | 'blind';

export interface CorpusLabel {
  id: string;
  url: string;
  siteType: string;
  siteTypeAlt?: string[];
  pageType: string;
  pageTypeAlt?: string[];
  facts: string[];
  unsure: string[];
  half: Half;
}

export interface CorpusCase {
  label: CorpusLabel;
  result: AuditResult;
  expected: string[];
  falsePositives: string[];
  falseNegatives: string[];
  siteTypeRight: boolean;
  pageTypeRight: boolean;
  /** Findings that point at something on the page (an element, selector or excerpt)... */
  pointing: number;
  /** ...and of those, the ones whose excerpt and selector are found on the page as quoted. */
  quotedAsFound: number;
}

export interface HalfScore {
  pages: number;
  precision: number;
  recall: number;
  siteTypeAccuracy: number;
  pageTypeAccuracy: number;
  /** Share of pointing findings that quote what is on the page. */
  evidenceRate: number;
  findings: number;
}

export function corpusDir(): string {
  return process.env.SCAN_CORPUS_DIR ?? resolve(ROOT, '.scan-corpus');
}

export function corpusLabels(): CorpusLabel[] {
  return LABELS.flatMap((file) => {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Omit<CorpusLabel, 'id'>>;
    return Object.entries(raw).map(([id, l]) => ({ id, ...l }));
  });
}

export function corpusAvailable(): boolean {
  return existsSync(join(corpusDir(), 'pages'));
}

/**
 * The fetcher the corpus's pages meet for their site's home page: `homes/<host>.html` (the home of
 * each corpus site, beside the pages) served for the site's root URL only, as a server answers it;
 * any other URL, or a site without one there, answers 404. The scan then reads it as it reads a
 * live site's (readHome), so the bench measures the product's path.
 */
export function corpusHomeFetch(dir: string = corpusDir()): HomeFetch {
  const parsed = new Map<string, Page | null>();
  return (url) => {
    const m = /^https?:\/\/([^/?#]+)\/$/i.exec(url);
    const file = m ? join(dir, 'homes', `${m[1]!.toLowerCase()}.html`) : '';
    if (!file || !existsSync(file)) return { ok: false, code: 'http_status' };
    if (!parsed.has(file)) parsed.set(file, parseWithGo(readFileSync(file, 'utf8'), url));
    return { ok: true, page: parsed.get(file)! };
  };
}

const homes = new Map<string, HomeFetch>();
/** The home page the scan reads for a corpus page (none for a site's root page, or without homes/). */
export function corpusHome(page: Page, dir: string = corpusDir()): Page | undefined {
  if (!homes.has(dir)) homes.set(dir, corpusHomeFetch(dir));
  return readHome(page, homes.get(dir)!);
}

/**
 * A corpus page's site-type evidence and, when the scan reads one, its home page's: what typing the
 * site pools. `wordsModel` gives the sign 'its words' (by default the committed word model's).
 */
export function pageAndHomeEvidence(page: Page, url: string, wordsModel?: SiteWordsModel): SiteTypeEvidence[] {
  const home = corpusHome(page);
  const own = siteTypeEvidence(classifiablePart(url), page, computeSignals(page), wordsModel);
  return home ? [own, siteTypeEvidence(classifiablePart(home.url), home, computeSignals(home), wordsModel)] : [own];
}

const checkScope = new Map(ALL_CHECKS.map((c) => [c.id, c]));

/** Whether the check is about pages of this site and page type (the catalogue's scope). */
function applies(id: string, siteType: string, pageType: string): boolean {
  const c = checkScope.get(id);
  if (!c) return false;
  return (!c.siteTypes || (c.siteTypes as string[]).includes(siteType)) && (!c.pageTypes || (c.pageTypes as string[]).includes(pageType));
}

/** Whether the finding's excerpt and selector are on the page as quoted (the audit's own rule, quoted.ts, over the raw HTML). */
export function quotedAsFound(f: Finding, pageText: string, html: string): boolean {
  return quotedOnPage(f.evidence, htmlSource(pageText, html));
}

/**
 * Each page audited (by `audit`: auditPage as the public scan runs it, with the site's home page
 * read for an inner page, unless a caller types the pages another way) and scored against its label.
 */
export function scoreCorpus(
  labels: CorpusLabel[] = corpusLabels(),
  audit: (page: Page, label: CorpusLabel) => AuditResult = (page) => auditPage(page, { home: corpusHome(page) }),
): CorpusCase[] {
  const dir = corpusDir();
  return labels.map((label): CorpusCase => {
    const html = readFileSync(join(dir, 'pages', `${label.id}.html`), 'utf8');
    const page = parseWithGo(html, label.url);
    const result = audit(page, label);
    const scored = new Set<string>(SCORED.filter((id) => !label.unsure.includes(id)));
    const siteTypeRight = [label.siteType, ...(label.siteTypeAlt ?? [])].includes(result.siteType);
    const pageTypeRight = [label.pageType, ...(label.pageTypeAlt ?? [])].includes(result.pageType);
    // An answer the label accepts is judged by the checks of that answer's type: a shop's home page
    // that the audit calls a General website (an answer its label allows) is not expected to get
    // the shop's advice, which a General website never gets.
    const siteType = siteTypeRight ? result.siteType : label.siteType;
    const pageType = pageTypeRight ? result.pageType : label.pageType;
    const expected = label.facts.filter((id) => scored.has(id) && applies(id, siteType, pageType));
    const got = result.findings.map((f) => f.id).filter((id) => scored.has(id));
    const source = htmlSource(
      `${page.text} ${page.elements.map((el) => `${el.text} ${Object.values(el.attrs).join(' ')}`).join(' ')}`,
      html,
    );
    const pointingFindings = result.findings.filter((f) => pointsAtPage(f.evidence));
    return {
      label,
      result,
      expected,
      falsePositives: got.filter((id) => !expected.includes(id)),
      falseNegatives: expected.filter((id) => !got.includes(id)),
      siteTypeRight,
      pageTypeRight,
      pointing: pointingFindings.length,
      quotedAsFound: pointingFindings.filter((f) => quotedOnPage(f.evidence, source)).length,
    };
  });
}

export function summarise(cases: CorpusCase[]): HalfScore {
  const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const c of cases) {
    fp += c.falsePositives.length;
    fn += c.falseNegatives.length;
    tp += c.expected.length - c.falseNegatives.length;
  }
  return {
    pages: cases.length,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    siteTypeAccuracy: ratio(cases.filter((c) => c.siteTypeRight).length, cases.length),
    pageTypeAccuracy: ratio(cases.filter((c) => c.pageTypeRight).length, cases.length),
    evidenceRate: ratio(
      cases.reduce((n, c) => n + c.quotedAsFound, 0),
      cases.reduce((n, c) => n + c.pointing, 0),
    ),
    findings: cases.reduce((n, c) => n + c.result.findings.length, 0),
  };
}

/**
 * Site type as the signed-in scan decides it, from the evidence of several pages of the site: each
 * page is judged by the evidence of all the corpus's pages of its site (same host) together, and of
 * its home page, which the signed-in scan reads first, against its own label. Pages alone on their
 * site are typed as the public scan types them.
 */
export function signedInSiteTypeAccuracy(labels: CorpusLabel[]): number {
  const evidence = new Map(
    labels.map((l) => {
      const page = parseWithGo(readFileSync(join(corpusDir(), 'pages', `${l.id}.html`), 'utf8'), l.url);
      return [l.id, pageAndHomeEvidence(page, l.url)];
    }),
  );
  const host = (l: CorpusLabel): string => new URL(l.url).host;
  const right = labels.filter((l) => {
    const site = labels.filter((x) => host(x) === host(l)).flatMap((x) => evidence.get(x.id)!);
    return [l.siteType, ...(l.siteTypeAlt ?? [])].includes(decideSiteType(site).siteType);
  });
  return labels.length ? right.length / labels.length : 1;
}
