/**
 * A running experiment in the tracker's config (short keys; written by
 * pocketbase/analytics/experiments.go, under the config's `x`). The tracker buckets a visitor with
 * src/lib/assignment.ts (getBucketRanges(variants, p / 100, weights) on hash(s, visitor, 2)) and
 * reports `{ t: 'xp', id: i, n: variant key }` once the variant's change is applied (for the
 * control: once its element is found).
 */
import { assignVariant } from '../assignment';
import type { DeviceClass } from './device-class';
import type { RuleChange } from './rule-change';
import { urlPatternMatches } from './url-pattern';

export interface TrackerExperiment {
  /** Experiment id. */
  i: string;
  /** Assignment seed. */
  s: string;
  /** Percent of the targeted visitors in the experiment. */
  p: number;
  /** URL pattern (url-pattern.ts); absent: every page. */
  u?: string;
  /** The tested element's CSS selector; absent for page-wide changes. */
  q?: string;
  /** Device: desktop, mobile or tablet; absent: any. */
  d?: DeviceClass;
  /** Visitor: new or returning; absent: any. */
  n?: 'new' | 'returning';
  /**
   * The control first, then the variants: key, weight (the weights sum to 1), changes, and for a
   * split-URL test each variant's URL `l` (split-url.ts).
   */
  v: { k: string; w: number; c: RuleChange[]; l?: string }[];
  /** Ids of enabled rules on the same element that yield to this experiment while it runs. */
  o?: string[];
  /** The audience the test is shown to; absent: everyone. */
  a?: string;
  /**
   * The exclusive group: its seed and this test's [a, b) range of its namespace (then `p` is 100,
   * the range being its share; decided by the targeting build, src/tracker/groups.ts).
   */
  g?: { s: string; a: number; b: number };
}

/** What the tracker knows about the visitor and the page when it decides. */
export interface ExperimentVisitor {
  /** The stable visitor id ('' for a visitor who must not be tracked: never in an experiment). */
  id: string;
  href: string;
  device: DeviceClass;
  /** The visitor id was created in this visitor's current (first) session. */
  isNew: boolean;
}

/**
 * The index of the variant a visitor sees in a running experiment (0 is the control), or -1 when
 * the experiment does not concern them here: another page, device or visitor type, outside its
 * traffic share, or no visitor id. Deterministic on the visitor id and seed, so sticky per
 * visitor, and the same as the server's experiments.Assign.
 */
export function experimentVariant(x: TrackerExperiment, who: ExperimentVisitor): number {
  if (!who.id || !urlPatternMatches(x.u || '', who.href) || (x.d && x.d !== who.device)) return -1;
  if (x.n && (x.n === 'new') !== who.isNew) return -1;
  return assignVariant(
    who.id,
    x.s,
    x.p / 100,
    x.v.map((v) => v.w),
  );
}
