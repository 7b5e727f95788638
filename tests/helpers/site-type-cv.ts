/**
 * Cross-validation of the site-type decision by repository, on the corpus's tuning half only.
 *
 * The classifier's signs were written while looking at tuning pages, so its accuracy on them says
 * little about pages it has not seen. Here every sign has to earn its place on the other sites:
 * for each repository held out, the decision rule (which signs count, the points and the lead it
 * needs) is chosen on the remaining repositories alone and then judged on the held-out one. A sign
 * that only fixes the page it was written for is dropped when that page's site is held out, and
 * the held-out accuracy shows it. `signSupport` lists, per sign, the sites where it makes the
 * answer right and where it makes it wrong.
 *
 * The blind half never enters: a blind label passed in is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  computeSignals,
  decideSiteType,
  poolSiteTypeEvidence,
  siteTypeEvidence,
  SITE_TYPE_RULE,
  type SiteTypeEvidence,
  type SiteTypeRule,
} from '../../src/lib/audit';
import { classifiablePart } from '../../src/lib/site-type';
import { parseWithGo } from './audit-pages';
import { corpusDir, type CorpusLabel } from './scan-corpus';

export interface TypeCase {
  id: string;
  /** The site the page comes from: one repository, one host. */
  site: string;
  /**
   * The template family the site comes from (its repository's owner, or html5up / Start Bootstrap
   * for the forks of theirs): sites of one family share markup, so holding out a site alone lets
   * its siblings vouch for the signs it was written for.
   */
  source: string;
  answers: string[];
  evidence: SiteTypeEvidence;
}

/** Each page's repository, from the SOURCES table ('| id | owner/repo | ...'). */
function repositories(): Map<string, string> {
  const text = readFileSync(join(import.meta.dirname, '../fixtures/scan/corpus/SOURCES.md'), 'utf8');
  return new Map([...text.matchAll(/^\| (p\d+) \| ([^ |]+) \|/gm)].map((m) => [m[1]!, m[2]!]));
}

export function templateFamily(repository: string): string {
  const r = repository.toLowerCase();
  if (r.includes('html5up')) return 'html5up';
  if (r.includes('startbootstrap')) return 'startbootstrap';
  return r.split('/')[0]!;
}

export function siteTypeCases(labels: CorpusLabel[]): TypeCase[] {
  const repos = repositories();
  return labels.map((label) => {
    if (label.half !== 'tune') throw new Error(`${label.id} is in the blind half: the cross-validation reads tuning pages only`);
    const page = parseWithGo(readFileSync(join(corpusDir(), 'pages', `${label.id}.html`), 'utf8'), label.url);
    return {
      id: label.id,
      site: new URL(label.url).host,
      source: templateFamily(repos.get(label.id) ?? new URL(label.url).host),
      answers: [label.siteType, ...(label.siteTypeAlt ?? [])],
      evidence: siteTypeEvidence(classifiablePart(label.url), page, computeSignals(page)),
    };
  });
}

/**
 * The cases as the signed-in scan sees them: each page typed by the evidence of all the corpus's
 * pages of its site (the scan reads the home page and up to 4 pages it links to).
 */
export function pooledBySite(cases: TypeCase[]): TypeCase[] {
  return cases.map((c) => ({ ...c, evidence: poolSiteTypeEvidence(cases.filter((x) => x.site === c.site).map((x) => x.evidence)) }));
}

const right = (c: TypeCase, rule: SiteTypeRule): boolean => c.answers.includes(decideSiteType(c.evidence, rule).siteType);

export function accuracy(cases: TypeCase[], rule: SiteTypeRule = SITE_TYPE_RULE): number {
  return cases.length ? cases.filter((c) => right(c, rule)).length / cases.length : 1;
}

/** Every sign that fires on some page, as 'type:sign'. */
function signsOf(cases: TypeCase[]): string[] {
  const keys = new Set<string>();
  for (const c of cases) for (const [t, list] of Object.entries(c.evidence)) for (const [n] of list) keys.add(`${t}:${n}`);
  return [...keys].sort();
}

export interface SignSupport {
  sign: string;
  sites: number;
  /** Sites where leaving the sign out turns a right answer wrong... */
  helps: string[];
  /** ...and where leaving it out turns a wrong answer right. */
  hurts: string[];
}

export function signSupport(cases: TypeCase[], rule: SiteTypeRule = SITE_TYPE_RULE): SignSupport[] {
  return signsOf(cases).map((sign) => {
    const without: SiteTypeRule = { ...rule, drop: new Set([...(rule.drop ?? []), sign]) };
    const helps = new Set<string>();
    const hurts = new Set<string>();
    const sites = new Set<string>();
    for (const c of cases) {
      const [t, ...rest] = sign.split(':');
      if (c.evidence[t as keyof SiteTypeEvidence].some(([n]) => n === rest.join(':'))) sites.add(c.site);
      const before = right(c, rule);
      const after = right(c, without);
      if (before && !after) helps.add(c.site);
      if (!before && after) hurts.add(c.site);
    }
    return { sign, sites: sites.size, helps: [...helps], hurts: [...hurts] };
  });
}

const GRID: Pick<SiteTypeRule, 'minPoints' | 'minLead'>[] = [2, 3, 4, 5].flatMap((minPoints) =>
  [0, 1, 2, 3].map((minLead) => ({ minPoints, minLead })),
);

/**
 * How often a sign points to the right type, counted by site (a site's pages share their template):
 * the sites where it fires on a page of its type, and the sites where it fires on a page of another.
 */
export function signPrecision(cases: TypeCase[]): Map<string, { right: number; wrong: number }> {
  const sites = new Map<string, { right: Set<string>; wrong: Set<string> }>();
  for (const c of cases)
    for (const [t, list] of Object.entries(c.evidence))
      for (const [n, p] of list) {
        if (p <= 0) continue;
        const key = `${t}:${n}`;
        const entry = sites.get(key) ?? { right: new Set(), wrong: new Set() };
        (c.answers.includes(t) ? entry.right : entry.wrong).add(c.site);
        sites.set(key, entry);
      }
  return new Map([...sites].map(([k, v]) => [k, { right: v.right.size, wrong: v.wrong.size }]));
}

/**
 * The decision rule the training sites support. A sign stays when it makes a training page right,
 * or when it points to the right type on at least two training sites and to a wrong one on fewer;
 * every other sign is left out (one at a time, while the training accuracy holds). Then the points
 * and lead that do best.
 */
export function fitRule(train: TypeCase[]): SiteTypeRule {
  const distance = (r: SiteTypeRule): number =>
    Math.abs(r.minPoints - SITE_TYPE_RULE.minPoints) + Math.abs(r.minLead - SITE_TYPE_RULE.minLead);
  const bestThresholds = (drop: Set<string>): SiteTypeRule =>
    GRID.map((g) => ({ ...SITE_TYPE_RULE, ...g, drop }))
      .map((r) => ({ r, a: accuracy(train, r) }))
      .sort((x, y) => y.a - x.a || distance(x.r) - distance(y.r))[0]!.r;
  const precision = signPrecision(train);
  const supported = (sign: string): boolean => {
    const p = precision.get(sign);
    return !!p && p.right >= 2 && p.wrong < p.right;
  };
  let rule = bestThresholds(new Set());
  for (const s of signSupport(train, rule)) {
    if (supported(s.sign)) continue;
    const drop = new Set([...(rule.drop ?? []), s.sign]);
    if (accuracy(train, { ...rule, drop }) >= accuracy(train, rule)) rule = { ...rule, drop };
  }
  return bestThresholds(new Set(rule.drop));
}

export interface CrossValidation {
  /** Accuracy on the pages the rule was written on. */
  resubstitution: number;
  /** Accuracy on each site when the rule was chosen on the other sites. */
  leaveOneSiteOut: number;
  /**
   * The same, with the signs that fire on no other site left out too: a sign written for one site
   * has no support elsewhere, and the plain figure keeps it (fitRule only judges signs it sees).
   */
  leaveOneSiteOutSeenElsewhere: number;
  /** The held-out pages the shipped rule gets right and the cross-validated one does not. */
  dependsOnOwnSite: string[];
  /** Both held-out figures again with a whole template family held out at a time (the stricter split). */
  leaveOneSourceOut: number;
  leaveOneSourceOutSeenElsewhere: number;
}

export function leaveOneSiteOut(cases: TypeCase[]): CrossValidation {
  const bySite = leaveOneGroupOut(cases, (c) => c.site);
  const bySource = leaveOneGroupOut(cases, (c) => c.source);
  return {
    resubstitution: accuracy(cases),
    leaveOneSiteOut: bySite.held,
    leaveOneSiteOutSeenElsewhere: bySite.heldSeen,
    dependsOnOwnSite: bySite.own,
    leaveOneSourceOut: bySource.held,
    leaveOneSourceOutSeenElsewhere: bySource.heldSeen,
  };
}

function leaveOneGroupOut(cases: TypeCase[], groupOf: (c: TypeCase) => string): { held: number; heldSeen: number; own: string[] } {
  const groups = [...new Set(cases.map(groupOf))];
  let held = 0;
  let heldSeen = 0;
  const own: string[] = [];
  for (const group of groups) {
    const train = cases.filter((c) => groupOf(c) !== group);
    const rule = fitRule(train);
    const seen = new Set(signsOf(train));
    const strict: SiteTypeRule = { ...rule, drop: new Set([...(rule.drop ?? []), ...signsOf(cases).filter((x) => !seen.has(x))]) };
    for (const c of cases.filter((x) => groupOf(x) === group)) {
      if (right(c, strict)) heldSeen++;
      if (right(c, rule)) held++;
      else if (right(c, SITE_TYPE_RULE)) own.push(c.id);
    }
  }
  return { held: held / cases.length, heldSeen: heldSeen / cases.length, own };
}

type Thresholds = Pick<SiteTypeRule, 'minPoints' | 'minLead' | 'wordsOnly'>;

const NESTED_GRID: Thresholds[] = [2, 3, 4].flatMap((minPoints) =>
  [1, 2, 3].flatMap((minLead) => [0, 1].map((wordsOnly) => ({ minPoints, minLead, wordsOnly }))),
);

const familyOf = (c: TypeCase): string => c.source;

/** The signs of the training pages' rule, and those no training page shows (a held-out family's own). */
function strictDrop(train: TypeCase[], all: TypeCase[], rule: SiteTypeRule): Set<string> {
  const seen = new Set(signsOf(train));
  return new Set([...(rule.drop ?? []), ...signsOf(all).filter((x) => !seen.has(x))]);
}

/**
 * The thresholds (points, lead, the extra points of a type shown by words alone) that do best on
 * template families the signs were not chosen on: each family of `train` is held out in turn, the
 * signs are fitted on the others (fitRule) and those only the held-out family shows are left out,
 * as on a site nobody here wrote. Ties go to the shipped rule's side.
 */
export function chooseThresholds(train: TypeCase[]): Thresholds {
  const score = NESTED_GRID.map(() => 0);
  for (const family of new Set(train.map(familyOf))) {
    const inner = train.filter((c) => familyOf(c) !== family);
    const drop = strictDrop(inner, train, fitRule(inner));
    for (const c of train.filter((x) => familyOf(x) === family))
      NESTED_GRID.forEach((t, i) => (score[i]! += right(c, { ...t, drop }) ? 1 : 0));
  }
  const distance = (t: Thresholds): number =>
    Math.abs(t.minPoints - SITE_TYPE_RULE.minPoints) +
    Math.abs(t.minLead - SITE_TYPE_RULE.minLead) +
    Math.abs((t.wordsOnly ?? 0) - (SITE_TYPE_RULE.wordsOnly ?? 0));
  const order = NESTED_GRID.map((t, i) => ({ t, s: score[i]! })).sort((a, b) => b.s - a.s || distance(a.t) - distance(b.t));
  return order[0]!.t;
}

export interface NestedCrossValidation {
  /** The thresholds chosen on all the cases (what SITE_TYPE_RULE should be). */
  chosen: Thresholds;
  /** Each family judged by signs and thresholds chosen on the other families (nested), plain and strict. */
  leaveOneSourceOut: number;
  leaveOneSourceOutSeenElsewhere: number;
}

/** Template-family cross-validation with the thresholds chosen by an inner cross-validation too. */
export function nestedSourceOut(cases: TypeCase[]): NestedCrossValidation {
  let held = 0;
  let heldSeen = 0;
  for (const family of new Set(cases.map(familyOf))) {
    const train = cases.filter((c) => familyOf(c) !== family);
    const rule = { ...fitRule(train), ...chooseThresholds(train) };
    const strict = { ...rule, drop: strictDrop(train, cases, rule) };
    for (const c of cases.filter((x) => familyOf(x) === family)) {
      if (right(c, rule)) held++;
      if (right(c, strict)) heldSeen++;
    }
  }
  return {
    chosen: chooseThresholds(cases),
    leaveOneSourceOut: held / cases.length,
    leaveOneSourceOutSeenElsewhere: heldSeen / cases.length,
  };
}
