/**
 * A running experiment in the tracker's config (short keys; written by
 * pocketbase/analytics/experiments.go, under the config's `x`). The tracker buckets a visitor with
 * src/lib/assignment.ts (getBucketRanges(variants, p / 100, weights) on hash(s, visitor, 2)) and
 * reports `{ t: 'xp', id: i, n: variant key }` once the variant's change is applied (for the
 * control: once its element is found).
 */
import type { RuleChange } from './rule-change';

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
  d?: 'desktop' | 'mobile' | 'tablet';
  /** Visitor: new or returning; absent: any. */
  n?: 'new' | 'returning';
  /** The control first, then the variants: key, weight (the weights sum to 1), changes. */
  v: { k: string; w: number; c: RuleChange[] }[];
  /** Ids of enabled rules on the same element that yield to this experiment while it runs. */
  o?: string[];
}
