/**
 * The site-type model: a multinomial logistic regression over the page's signs (site-type.ts). Each
 * sign ('type:sign', worth its value, at most FEATURE_CAP) adds its learned weight to each type's
 * score; 'general' scores its bias alone plus `generalOffset`, so a page is typed only when some
 * type's evidence beats having none. The weights (site-type-weights.json) are fitted on the scan
 * corpus's tuning half by `npm run train:site-type` (tests/helpers/site-type-fit.ts), each type's
 * pages weighing alike, which also chooses the regularization and the offset by holding out each
 * corpus round: how much evidence to ask for is set by pages of families the weights never saw.
 */
import type { SiteType } from '../site-type';
import trained from './site-type-weights.json' with { type: 'json' };

export type Scored = Exclude<SiteType, 'general'>;

/** Each type's signs on a page, as [sign, value]: the model's features, grouped by the type they speak for. */
export type SiteTypeEvidence = Record<Scored, [string, number][]>;

export const SCORED_TYPES: readonly Scored[] = ['ecommerce', 'local', 'b2b', 'content', 'docs', 'nonprofit'];
/** The model's answers: the scored types, then 'general' (its weights are all 0). */
export const MODEL_CLASSES: readonly SiteType[] = [...SCORED_TYPES, 'general'];
/** A sign's value counts up to this (three code blocks' worth of evidence is as much as thirty). */
export const FEATURE_CAP = 3;

export interface SiteTypeModel {
  /** Each answer's score before any sign ('general' is the reference: 0). */
  bias: Record<SiteType, number>;
  /** Each feature's weight for its own type ('local:map' → local); a feature missing here weighs its prior (priorWeight). */
  weights: Record<string, Partial<Record<Scored, number>>>;
  /** Added to 'general': how far a type's evidence has to beat having none. */
  generalOffset: number;
  /** How the weights were fitted (for the record; the decision does not read it). */
  training: { lambda: number; pages: number; families: number; crossValidatedAccuracy: number };
}

export const SITE_TYPE_MODEL = trained as SiteTypeModel;

/**
 * What a sign is worth for its own type before any page is seen: the fit pulls each weight toward
 * it (site-type-fit.ts), and a sign no training page shows keeps it. A page's own statement of what
 * it is (its schema.org type, og:type, a documentation generator) is worth most; then the word
 * model's answer ('its words', learned from hundreds of pages); a sign whose direction is the data's
 * to say ('personal site') starts at 0; every other sign, each designed by reading tuning pages, 1.
 * (With every sign at 2, words included, family held out was 89.4 and nested 89.4 on the 217 tuning
 * pages; with the designed signs at 1, 91.2 and 91.2; round held out 88.1 both; issue 38.)
 */
const DEFINITIONAL = new Set([
  'ecommerce:Product markup',
  'ecommerce:og:type product',
  'ecommerce:Store markup',
  'local:LocalBusiness markup',
  'local:og:type business',
  'content:Article markup',
  'content:og:type article',
  'docs:TechArticle markup',
  'docs:documentation generator',
  'nonprofit:NGO markup',
]);
export function priorWeight(key: string): number {
  if (DEFINITIONAL.has(key)) return 4;
  if (key.endsWith(':its words')) return 2;
  return key.endsWith(':personal site') ? 0 : 1;
}

/** The type a feature speaks for: the part of its key before the first ':'. */
export function typeOfFeature(key: string): Scored | undefined {
  const t = key.slice(0, key.indexOf(':')) as Scored;
  return SCORED_TYPES.includes(t) ? t : undefined;
}

/** The evidence as the model's features: 'type:sign' → value, capped. */
export function featuresOf(evidence: SiteTypeEvidence): Map<string, number> {
  const features = new Map<string, number>();
  for (const type of SCORED_TYPES)
    for (const [name, value] of evidence[type] ?? []) {
      const key = `${type}:${name}`;
      features.set(key, Math.min(FEATURE_CAP, Math.max(features.get(key) ?? 0, value)));
    }
  return features;
}

/** A feature's weight for its own type: the fitted one, or its prior when no training page showed it. */
export function weightOf(model: SiteTypeModel, key: string): number {
  const t = typeOfFeature(key);
  return (t && model.weights[key]?.[t]) ?? priorWeight(key);
}

/** Each answer's score (a logit); 'general' includes the offset. */
export function scoresOf(model: SiteTypeModel, features: Map<string, number>): Record<SiteType, number> {
  const scores = Object.fromEntries(MODEL_CLASSES.map((t) => [t, model.bias[t] ?? 0])) as Record<SiteType, number>;
  scores.general += model.generalOffset;
  for (const [key, value] of features) {
    const t = typeOfFeature(key);
    if (t) scores[t] += weightOf(model, key) * value;
  }
  return scores;
}

export interface ModelDecision {
  siteType: SiteType;
  /** The answer's probability among all answers (softmax of the scores). */
  probability: number;
  /** For each scored type, the features that raised its score, strongest first, as [feature, weight × value]. */
  support: Record<Scored, [string, number][]>;
}

/**
 * What several pages of one site show together: each feature at its largest on any page. A site's
 * shop, blog or opening hours sit on some of its pages, not all: a contact page that shows nothing
 * takes nothing away from the listing beside it, and a sign every page repeats (a footer's phone)
 * counts once.
 */
export function pooledFeatures(pages: Map<string, number>[]): Map<string, number> {
  const features = new Map<string, number>();
  for (const f of pages) for (const [k, v] of f) features.set(k, Math.max(features.get(k) ?? v, v));
  return features;
}

/**
 * The answer for one page, or for several pages of one site together (their features pooled:
 * pooledFeatures), judged by the same scores.
 */
export function decideWithModel(model: SiteTypeModel, pages: SiteTypeEvidence[]): ModelDecision {
  const features = pooledFeatures(pages.map((evidence) => featuresOf(evidence)));
  const scores = scoresOf(model, features);
  // Ties go to 'general' (last in MODEL_CLASSES is checked first): equal evidence is no evidence.
  const siteType = [...MODEL_CLASSES].reverse().reduce((best, t) => (scores[t] > scores[best] ? t : best));
  const top = Math.max(...Object.values(scores));
  const total = MODEL_CLASSES.reduce((n, t) => n + Math.exp(scores[t] - top), 0);
  const support = Object.fromEntries(
    SCORED_TYPES.map((t) => [
      t,
      [...features]
        .map(([key, value]): [string, number] => [key, typeOfFeature(key) === t ? weightOf(model, key) * value : 0])
        .filter(([, c]) => c > 0)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ]),
  ) as Record<Scored, [string, number][]>;
  return { siteType, probability: Math.exp(scores[siteType] - top) / total, support };
}
