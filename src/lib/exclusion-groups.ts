/**
 * Mutually exclusive groups and the site-wide holdout (issue 34 item 7): what may be stored and
 * how an experiment gets its share of a group's namespace. Used by the hooks (domain.js), the
 * wizard and the tests; the slot itself is assignment.ts inGroupRange (Go: experiments.InGroupRange).
 */

/** A range [start, end) of a group's namespace, in steps of 1/10,000 (the hash's resolution). */
export type GroupRange = [number, number];

const STEPS = 10000;
export const GROUP_NAME_MAX = 80;
/** The largest site-wide holdout, in percent of the tracked visitors. */
export const SITE_HOLDOUT_MAX = 20;

export function groupNameProblem(name: unknown): string | null {
  const text = typeof name === 'string' ? name.trim() : '';
  if (!text) return 'An exclusive group needs a name.';
  if (text.length > GROUP_NAME_MAX) return `A group's name has at most ${GROUP_NAME_MAX} characters.`;
  return null;
}

const steps = (x: number) => Math.round(x * STEPS);

/** The free gaps of the namespace, as [start, end) in steps, given the ranges held. */
function gaps(taken: GroupRange[]): Array<[number, number]> {
  const held = taken.map(([a, b]) => [steps(a), steps(b)] as [number, number]).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  let at = 0;
  for (const [a, b] of held) {
    if (a > at) out.push([at, a]);
    at = Math.max(at, b);
  }
  if (at < STEPS) out.push([at, STEPS]);
  return out;
}

/** The largest share (0-1) a new experiment can still take in one piece. */
export function largestFreeShare(taken: GroupRange[]): number {
  return gaps(taken).reduce((m, [a, b]) => Math.max(m, b - a), 0) / STEPS;
}

/**
 * The range a new member of a group takes: the first free gap wide enough for `share` (0-1) of
 * the namespace, or null when none is. The ranges already held are never moved, so their
 * visitors keep their tests.
 */
export function allocateGroupRange(taken: GroupRange[], share: number): GroupRange | null {
  const want = steps(share);
  if (!(want > 0)) return null;
  const gap = gaps(taken).find(([a, b]) => b - a >= want);
  return gap ? [gap[0] / STEPS, (gap[0] + want) / STEPS] : null;
}

/** Whether a stored range is well formed: 0 <= start < end <= 1. */
export function isGroupRange(r: unknown): r is GroupRange {
  return (
    Array.isArray(r) && r.length === 2 && typeof r[0] === 'number' && typeof r[1] === 'number' && r[0] >= 0 && r[0] < r[1] && r[1] <= 1
  );
}

/** The site-wide holdout: a whole percent from 0 to SITE_HOLDOUT_MAX. */
export function siteHoldoutProblem(pct: unknown): string | null {
  const n = typeof pct === 'number' ? pct : typeof pct === 'string' && /^\s*\d+\s*$/.test(pct) ? Number(pct) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= SITE_HOLDOUT_MAX
    ? null
    : `The global holdout must be a whole percent from 0 to ${SITE_HOLDOUT_MAX}.`;
}

/** The seed of a site's holdout: site-level, so membership is derived from the visitor id alone. */
export const siteHoldoutSeed = (siteId: string) => `${siteId}:holdout`;
