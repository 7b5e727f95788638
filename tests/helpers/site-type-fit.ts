/**
 * Fitting the site-type model (src/lib/audit/site-type-model.ts) and judging it on template
 * families it never saw. Pure and deterministic: the same rows give the same weights, to the last
 * digit written, so a unit test can refit the committed rows and compare (stale weights fail).
 *
 * The model is a multinomial logistic regression: each scored type has a weight per feature and a
 * bias; 'general' is the reference (no weights, bias 0). A page whose label accepts several answers
 * (siteTypeAlt) is fitted to all of them at once (the loss is -log of their summed probability).
 * L2 regularization (lambda) pulls each weight toward its prior (site-type-model.ts priorWeight), so
 * a sign seen on a single family does not decide alone, and a sign no training page shows keeps
 * its prior; the biases are pulled toward their mean (BIAS_PULL). Each feature weighs on its own type only.
 * Each type's pages weigh as much together as any other type's (the rows are weighted by class).
 *
 * Lambda and the 'general' offset are chosen by holding out each corpus round in turn, judged by a
 * model fitted on the rounds before it (`chooseOptions`): each round was collected for families the
 * corpus lacked, so that is how a never-seen family meets the model, with no sibling of a later
 * round to lean on. (Holding out one template family at a time, as before, still trains on every
 * other round's pages, and chose a larger offset that the next round's families paid for.)
 * Validation also holds out a whole template family at a time (a repository owner, or all the
 * html5up / Start Bootstrap forks: every source repository goes out with its siblings);
 * `nestedFamilyOut` and `roundOut` choose the options again inside each training fold, so their
 * figures judge the choice too.
 */
import {
  MODEL_CLASSES,
  pooledFeatures,
  priorWeight,
  SCORED_TYPES,
  scoresOf,
  SITE_TYPE_MODEL,
  type SiteTypeModel,
} from '../../src/lib/audit/site-type-model';
import type { SiteType } from '../../src/lib/site-type';

export interface TrainingRow {
  id: string;
  /** The site (one host): the signed-in scan pools a site's pages. */
  site: string;
  /** The template family (tests/helpers/site-type-cv.ts templateFamily). */
  family: string;
  /** The corpus round the page came in: its first page number (1 for the first round; site-type-cv.ts corpusRounds). */
  round: number;
  /** The answers the label accepts, the label's own first. */
  answers: SiteType[];
  /** 'type:sign' → value (capped), as featuresOf gives them. */
  features: Record<string, number>;
}

export interface FitOptions {
  lambda: number;
  generalOffset: number;
}

/**
 * The regularization tried. The fit starts at the priors and takes a fixed number of steps, so a
 * small lambda still keeps the weights near them. From 0 to 0.0003 the tuning half's round held out is
 * flat (131 of 147 pages, classes balanced) and family held out is best at 0.0003 (147 of 170; 139 at 0,
 * 144 at 0.0001); from 0.001 up both fall (128 / 146, then 127 / 140 at 0.003). Stronger
 * regularization (lambda up to 3) lowered both (round 84.4, family 78.8 unbalanced; issue 38).
 * On 256 tuning pages 0.1 and 0.3 were tried again: the choice went to 0.3 and family held out fell
 * a page (87.1 -> 86.7) while round held out rose one (86.3 -> 86.7), so the grid stays.
 */
export const LAMBDAS = [0.0003, 0.001, 0.003, 0.01, 0.03];
/**
 * The 'general' offsets tried: from 0 up, never below. A negative offset would type a page the
 * fitted model itself finds likelier to be no type at all: one weak sign would then make a shop or
 * a B2B site, where the issue asks for a General website (issue 38). Below 0 the family-held-out
 * figure is as flat as above it (86-89% from -2.75 to 1.25 on the 138 tuning pages), so the data
 * cannot choose there, and the choice fell on -2, where a lone sign at its prior types a page.
 */
export const OFFSETS = Array.from({ length: 9 }, (_, i) => i * 0.25);
const STEPS = 600;
/**
 * How hard each type's bias is pulled toward the types' mean bias (a class prior): a type seen on
 * few training families (documentation, non-profits) otherwise learns a bias so low that a page of
 * a family the fit never saw needs far more of its signs than a shop does. Fixed, not chosen by the
 * cross-validation: the round-held-out figure was 87.1-88.1% from 0.01 to 1 (issue 38); the weakest pull that
 * lifts it keeps the types that many families show where the data put them.
 */
const BIAS_PULL = 0.02;

const round = (x: number, digits = 4): number => {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r; // no -0 in the JSON
};

/** Fits weights and biases by accelerated gradient descent (a fixed number of steps: deterministic). */
export function fitModel(rows: TrainingRow[], options: FitOptions): SiteTypeModel {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.features)))].sort();
  const index = new Map(keys.map((k, i) => [k, i]));
  const K = SCORED_TYPES.length;
  // A feature speaks for its own type only ('local:map' weighs on 'local'): six times fewer
  // weights than a full multinomial model, which a hundred pages cannot pin down.
  const owner = keys.map((k) => SCORED_TYPES.indexOf(k.slice(0, k.indexOf(':')) as (typeof SCORED_TYPES)[number]));
  // The regularization pulls each weight toward its prior (0 for the weights a feature has for other types).
  const prior = new Float64Array(K + K * keys.length);
  keys.forEach((k, j) => (prior[K + j * K + owner[j]!] = priorWeight(k)));
  const x = rows.map((r) =>
    Object.entries(r.features)
      .map(([k, v]): [number, number] => [index.get(k)!, v])
      .sort((a, b) => a[0] - b[0]),
  );
  const accepts = rows.map((r) => MODEL_CLASSES.map((t) => r.answers.includes(t)));
  // Each row weighs 1 / (its class's share × the number of classes): every type's pages count as
  // much together, so the most labelled answer ('general', a quarter of the tuning pages) does not
  // teach the biases that any page is probably no type (round held out 85.0 -> 85.7, family held
  // out 83.5 -> 85.9 at the same options). The class is the label's own first answer.
  const perClass = new Map<SiteType, number>();
  for (const r of rows) perClass.set(r.answers[0]!, (perClass.get(r.answers[0]!) ?? 0) + 1);
  const rowWeight = rows.map((r) => rows.length / (perClass.size * perClass.get(r.answers[0]!)!));
  const n = rows.length;
  // Parameters: K biases, then K weights per feature (general's are fixed at 0).
  const size = K + K * keys.length;
  let theta = Float64Array.from(prior);
  let previous = Float64Array.from(prior);
  // (theta and previous swap buffers each step.)
  // A step no larger than 1/L, L bounding the loss's curvature (features capped, so max ‖x‖² is small).
  const maxNorm = Math.max(1, ...x.map((row) => 1 + row.reduce((s, [, v]) => s + v * v, 0)));
  const step = 1 / (maxNorm / 2 + options.lambda);
  // Rows as flat arrays (feature index, value) for a fast inner loop.
  const starts = new Int32Array(n + 1);
  x.forEach((row, i) => (starts[i + 1] = starts[i]! + row.length));
  const cols = new Int32Array(starts[n]!);
  const vals = new Float64Array(starts[n]!);
  x.forEach((row, i) => row.forEach(([j, v], o) => ((cols[starts[i]! + o] = j), (vals[starts[i]! + o] = v))));
  const ok = new Uint8Array(n * (K + 1));
  accepts.forEach((a, i) => a.forEach((yes, k) => (ok[i * (K + 1) + k] = yes ? 1 : 0)));
  const g = new Float64Array(size);
  const z = new Float64Array(K + 1);
  const p = new Float64Array(K + 1);
  const gradient = (at: Float64Array): Float64Array => {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      let top = 0; // general's score
      for (let k = 0; k < K; k++) {
        let s = at[k]!;
        for (let o = starts[i]!; o < starts[i + 1]!; o++) if (owner[cols[o]!] === k) s += at[K + cols[o]! * K + k]! * vals[o]!;
        z[k] = s;
        if (s > top) top = s;
      }
      z[K] = 0;
      let total = 0;
      let accepted = 0;
      for (let k = 0; k <= K; k++) {
        p[k] = Math.exp(z[k]! - top);
        total += p[k]!;
        if (ok[i * (K + 1) + k]) accepted += p[k]!;
      }
      for (let k = 0; k < K; k++) {
        const d = (rowWeight[i]! * (p[k]! / total - (ok[i * (K + 1) + k] ? p[k]! / accepted : 0))) / n;
        g[k] = g[k]! + d;
        for (let o = starts[i]!; o < starts[i + 1]!; o++) {
          const w = K + cols[o]! * K + k;
          if (owner[cols[o]!] === k) g[w] = g[w]! + d * vals[o]!;
        }
      }
    }
    for (let w = K; w < size; w++) g[w] = g[w]! + options.lambda * (at[w]! - prior[w]!);
    let mean = 0;
    for (let k = 0; k < K; k++) mean += at[k]! / K;
    for (let k = 0; k < K; k++) g[k] = g[k]! + BIAS_PULL * (at[k]! - mean);
    return g;
  };
  const look = new Float64Array(size);
  for (let t = 1; t <= STEPS; t++) {
    const momentum = (t - 1) / (t + 2);
    for (let w = 0; w < size; w++) look[w] = theta[w]! + momentum * (theta[w]! - previous[w]!);
    gradient(look);
    const swap = previous;
    previous = theta;
    theta = swap;
    for (let w = 0; w < size; w++) theta[w] = look[w]! - step * g[w]!;
  }
  const bias = Object.fromEntries(MODEL_CLASSES.map((t, k) => [t, k < K ? round(theta[k]!) : 0])) as Record<SiteType, number>;
  const weights: SiteTypeModel['weights'] = {};
  keys.forEach((key, j) => {
    const k = owner[j]!;
    if (k >= 0) weights[key] = { [SCORED_TYPES[k]!]: round(theta[K + j * K + k]!) };
  });
  return {
    bias,
    weights,
    generalOffset: options.generalOffset,
    training: { lambda: options.lambda, pages: n, families: new Set(rows.map((r) => r.family)).size, crossValidatedAccuracy: 0 },
  };
}

/**
 * The model's answer for a page (or a site's pages together, their features pooled as
 * decideWithModel pools them), with 'general' given `offset` (instead of the model's own).
 */
export function answer(
  model: SiteTypeModel,
  pages: Record<string, number> | Record<string, number>[],
  offset = model.generalOffset,
): SiteType {
  const list = Array.isArray(pages) ? pages : [pages];
  const scores = scoresOf({ ...model, generalOffset: offset }, pooledFeatures(list.map((f) => new Map(Object.entries(f)))));
  return [...MODEL_CLASSES].reverse().reduce((best, t) => (scores[t] > scores[best] ? t : best));
}

/** The features of each of a site's pages (the signed-in scan judges them together). */
export function pooled(rows: TrainingRow[], site: string): Record<string, number>[] {
  return rows.filter((x) => x.site === site).map((x) => x.features);
}

interface FoldAnswers {
  /** For each lambda, each offset: how many held-out pages are right (alone, and pooled by site). */
  right: number[][];
  rightPooled: number[][];
}

/** Each family held out in turn, for every lambda and offset (the offset needs no refit). */
function familyOut(rows: TrainingRow[], lambdas = LAMBDAS): FoldAnswers {
  const right = lambdas.map(() => OFFSETS.map(() => 0));
  const rightPooled = lambdas.map(() => OFFSETS.map(() => 0));
  for (const family of [...new Set(rows.map((r) => r.family))].sort()) {
    const train = rows.filter((r) => r.family !== family);
    const held = rows.filter((r) => r.family === family);
    lambdas.forEach((lambda, li) => {
      const model = fitModel(train, { lambda, generalOffset: 0 });
      OFFSETS.forEach((offset, oi) => {
        for (const r of held) {
          if (r.answers.includes(answer(model, r.features, offset))) right[li]![oi]!++;
          if (r.answers.includes(answer(model, pooled(held, r.site), offset))) rightPooled[li]![oi]!++;
        }
      });
    });
  }
  return { right, rightPooled };
}

/**
 * Each round after the first held out in turn, judged by a model fitted on the rounds before it,
 * for every lambda and offset: how many of those pages are right, and how many were judged.
 */
function roundOutGrid(rows: TrainingRow[], lambdas = LAMBDAS): { right: number[][]; scored: number } {
  const right = lambdas.map(() => OFFSETS.map(() => 0));
  let scored = 0;
  for (const round of roundsOf(rows).slice(1)) {
    const train = rows.filter((r) => r.round < round);
    const held = rows.filter((r) => r.round === round);
    scored += held.length;
    lambdas.forEach((lambda, li) => {
      const model = fitModel(train, { lambda, generalOffset: 0 });
      OFFSETS.forEach((offset, oi) => {
        for (const r of held) if (r.answers.includes(answer(model, r.features, offset))) right[li]![oi]!++;
      });
    });
  }
  return { right, scored };
}

/** The rounds the rows came in, oldest first. */
const roundsOf = (rows: TrainingRow[]): number[] => [...new Set(rows.map((r) => r.round))].sort((a, b) => a - b);

/**
 * The lambda and offset that do best on each round held out, judged by the rounds before it
 * (roundOutGrid); rows of a single round have no later round to judge, and fall back to holding
 * out each family. Each grid point is scored by the mean of its neighbours' accuracy too (one step
 * of lambda and of the offset either side): a lone peak is a few pages' luck and moves with one
 * more round, a plateau does not. Ties go to the larger lambda, then the offset nearest 0.
 */
export function chooseOptions(rows: TrainingRow[]): FitOptions & { accuracy: number } {
  const byRound = roundsOf(rows).length >= 2;
  const { right, scored } = byRound ? roundOutGrid(rows) : { right: familyOut(rows).right, scored: rows.length };
  const at = (li: number, oi: number): number[] => (right[li]?.[oi] === undefined ? [] : [right[li]![oi]! / scored]);
  let best = { lambda: LAMBDAS[0]!, generalOffset: 0, accuracy: -1, smooth: -1 };
  LAMBDAS.forEach((lambda, li) =>
    OFFSETS.forEach((generalOffset, oi) => {
      const around = [-1, 0, 1].flatMap((dl) => [-1, 0, 1].flatMap((dof) => at(li + dl, oi + dof)));
      const smooth = around.reduce((x, y) => x + y, 0) / around.length;
      const accuracy = right[li]![oi]! / scored;
      const better =
        smooth > best.smooth + 1e-12 ||
        (Math.abs(smooth - best.smooth) <= 1e-12 &&
          (lambda > best.lambda || (lambda === best.lambda && Math.abs(generalOffset) < Math.abs(best.generalOffset))));
      if (better) best = { lambda, generalOffset, accuracy, smooth };
    }),
  );
  return { lambda: best.lambda, generalOffset: best.generalOffset, accuracy: best.accuracy };
}

/** The committed model: options chosen by holding out each round (chooseOptions), then fitted on every row. */
export function trainSiteTypeModel(rows: TrainingRow[]): SiteTypeModel {
  const chosen = chooseOptions(rows);
  const model = fitModel(rows, chosen);
  return { ...model, training: { ...model.training, crossValidatedAccuracy: round(chosen.accuracy) } };
}

export interface FamilyValidation {
  /** Accuracy on the training rows themselves. */
  resubstitution: number;
  /** Each family judged by a model fitted on the others, with the committed lambda and offset. */
  familyOut: number;
  /** The same, each page judged from its site's pages pooled (the signed-in scan). */
  familyOutPooled: number;
  /** Each family judged with lambda and offset chosen again on the other families alone. */
  nestedFamilyOut: number;
  nestedFamilyOutPooled: number;
}

export function validate(rows: TrainingRow[], model: SiteTypeModel): FamilyValidation {
  const li = LAMBDAS.indexOf(model.training.lambda);
  const oi = OFFSETS.indexOf(model.generalOffset);
  const plain = familyOut(rows, [model.training.lambda]);
  let nested = 0;
  let nestedPooled = 0;
  for (const family of [...new Set(rows.map((r) => r.family))].sort()) {
    const train = rows.filter((r) => r.family !== family);
    const held = rows.filter((r) => r.family === family);
    const inner = fitModel(train, chooseOptions(train));
    for (const r of held) {
      if (r.answers.includes(answer(inner, r.features))) nested++;
      if (r.answers.includes(answer(inner, pooled(held, r.site)))) nestedPooled++;
    }
  }
  if (li < 0 || oi < 0) throw new Error('the model was not fitted with one of the grid’s options');
  return {
    resubstitution: rows.filter((r) => r.answers.includes(answer(model, r.features))).length / rows.length,
    familyOut: plain.right[0]![oi]! / rows.length,
    familyOutPooled: plain.rightPooled[0]![oi]! / rows.length,
    nestedFamilyOut: nested / rows.length,
    nestedFamilyOutPooled: nestedPooled / rows.length,
  };
}

export interface RoundValidation {
  /** Each round's tuning pages judged by the model trainSiteTypeModel fits on the earlier rounds' tuning pages. */
  roundOut: number;
  /** The same with the committed lambda and offset (only the weights refitted on the earlier rounds). */
  roundOutCommitted: number;
  /** Per round (its first page number): [right, pages] for the first figure. */
  rounds: [number, number, number][];
}

/**
 * Round held out: for each corpus round after the first (the rows' `round`), a model fitted on every
 * tuning page of the rounds before it judges that round's tuning pages, its options chosen again
 * on those earlier pages alone (chooseOptions: by their own rounds held out). Each round was
 * collected for families the corpus lacked, so this is what a family never seen meets, with no
 * sibling of a later round to lean on (family-out CV still trains on later rounds' pages).
 */
export function roundOut(rows: TrainingRow[], committed: FitOptions): RoundValidation {
  let right = 0;
  let rightCommitted = 0;
  let scored = 0;
  const rounds: [number, number, number][] = [];
  roundsOf(rows).forEach((from) => {
    const train = rows.filter((r) => r.round < from);
    const held = rows.filter((r) => r.round === from);
    if (!held.length || !train.length) return;
    const model = fitModel(train, chooseOptions(train));
    const fixed = fitModel(train, committed);
    const ok = held.filter((r) => r.answers.includes(answer(model, r.features))).length;
    right += ok;
    rightCommitted += held.filter((r) => r.answers.includes(answer(fixed, r.features))).length;
    scored += held.length;
    rounds.push([from, ok, held.length]);
  });
  return { roundOut: right / scored, roundOutCommitted: rightCommitted / scored, rounds };
}

/** The weights committed in src/lib/audit/site-type-weights.json. */
export function committedModel(): SiteTypeModel {
  return SITE_TYPE_MODEL;
}
