/**
 * Exclusive groups and the global holdout, in the tracker's targeting build only (CRO_AUD: the
 * server serves it to sites whose config has audiences, a group or a holdout, so the core and
 * full builds carry none of this). Both decide before paint, by the visitor id alone.
 */
import { inGroupRange, inRollout } from '../lib/assignment';
import type { TrackerExperiment } from '../lib/contracts/tracker-experiment';
import { config } from './types';

/** The visitor is in the site's global holdout (config `ho`: seed, percent): no rule, no test. */
export function heldOut(visitor: string): boolean {
  const h = config().ho;
  return !!h && inRollout(visitor, h[0], h[1]);
}

/** The visitor's slot in the experiment's exclusive group falls outside its range. */
export const outOfGroup = (x: TrackerExperiment, visitor: string) => !!x.g && !inGroupRange(visitor, x.g.s, x.g.a, x.g.b);
