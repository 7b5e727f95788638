/**
 * Deterministic traffic assignment, compatible with GrowthBook's SDK (spec 0.5.4): the same
 * visitor id and seed always give the same bucket, in the browser (tracker) and on the server.
 */

/** FNV-1a, 32 bit. */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24);
  }
  return h >>> 0;
}

/** A number in [0, 1) for a seed and a value; null for an unknown hashing version. */
export function hash(seed: string, value: string, version: number): number | null {
  if (version === 2) return (fnv1a32(String(fnv1a32(seed + value))) % 10000) / 10000;
  if (version === 1) return (fnv1a32(value + seed) % 1000) / 1000;
  return null;
}

export function getEqualWeights(n: number): number[] {
  return n <= 0 ? [] : new Array<number>(n).fill(1 / n);
}

export type BucketRange = [number, number];

/** Ranges per variation from coverage x weights; bad weights fall back to equal weights. */
export function getBucketRanges(numVariations: number, coverage = 1, weights?: number[] | null): BucketRange[] {
  const cover = Math.min(1, Math.max(0, coverage));
  let w = weights ?? getEqualWeights(numVariations);
  if (w.length !== numVariations) w = getEqualWeights(numVariations);
  const total = w.reduce((a, b) => a + b, 0);
  if (total < 0.99 || total > 1.01) w = getEqualWeights(numVariations);
  let cumulative = 0;
  return w.map((weight) => {
    const start = cumulative;
    cumulative += weight;
    return [start, start + cover * weight];
  });
}

/** The variation whose range holds n, or -1 when none does. */
export function chooseVariation(n: number, ranges: BucketRange[]): number {
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i]!;
    if (n >= r[0] && n < r[1]) return i;
  }
  return -1;
}

export function inNamespace(id: string, namespace: [string, number, number]): boolean {
  const n = hash(`__${namespace[0]}`, id, 1);
  return n !== null && n >= namespace[1] && n < namespace[2];
}

/**
 * Whether a visitor sees a rule rolled out to `percentage` percent (steps of 5): a one-variation
 * bucket range with coverage = percentage / 100, hashed with version 2.
 */
export function inRollout(visitorId: string, seed: string, percentage: number): boolean {
  const n = hash(seed, visitorId, 2);
  if (n === null || !visitorId) return false;
  return chooseVariation(n, getBucketRanges(1, percentage / 100)) === 0;
}

/**
 * The variant index a visitor sees in an experiment with this seed, traffic share (0-1) and
 * weights, or -1 when the visitor is outside the experiment's traffic (Go twin: experiments.Assign).
 */
export function assignVariant(visitorId: string, seed: string, traffic: number, weights: number[]): number {
  const n = hash(seed, visitorId, 2);
  if (n === null || !visitorId) return -1;
  return chooseVariation(n, getBucketRanges(weights.length, traffic, weights));
}

/**
 * Whether a visitor's slot in an exclusive group's namespace, hash(group seed, visitor) in [0, 1),
 * falls in an experiment's [start, end) range of it (Go twin: experiments.InGroupRange). The
 * experiments of a group hold disjoint ranges, so no visitor is in two of them; the slot depends
 * only on the visitor and the group's seed, so a new range never moves anyone.
 */
export function inGroupRange(visitorId: string, seed: string, start: number, end: number): boolean {
  const n = hash(seed, visitorId, 2);
  return !!visitorId && n !== null && n >= start && n < end;
}
