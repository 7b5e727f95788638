import { deviceClass } from '../lib/contracts/device-class';
import { experimentVariant } from '../lib/contracts/tracker-experiment';
import type { ChangeSet } from './engine';
import { get, ids, optOut, set } from './ids';
import { AUD, config, type Push } from './types';
import { inAudience } from './audience';
import { splitSets } from './split';
import { heldOut, outOfGroup } from './groups';

/**
 * The change sets of the running experiments this visitor is in, on this page: the assigned
 * variant's changes on the experiment's element (the control's set has no changes, so the engine
 * only reports when it finds the element). `tracked` says whether this visitor may be tracked;
 * those who may not, or withdrew consent, are in no experiment and see the page as it is.
 */
export function experimentSets(tracked: () => boolean): ChangeSet[] {
  const xs = config().x;
  // The server leaves out an empty list.
  if (!xs || !tracked() || optOut()) return [];
  // New: the visitor id was created in this session (the session the id was made in is kept).
  const fresh = !get('cro_v');
  const s = ids().s;
  if (fresh) set('cro_n', s);
  const who = { id: get('cro_v') || '', href: location.href, device: deviceClass(navigator.userAgent), isNew: get('cro_n') === s };
  const out: ChangeSet[] = [];
  if (AUD && heldOut(who.id)) return out;
  for (const x of xs) {
    if (AUD && ((x.a && !inAudience(x.a, true)) || outOfGroup(x, who.id))) continue;
    // A split-URL test (the server serves the targeting build to sites with one).
    // One that sends the visitor away leaves nothing else to show or report on this page.
    if (AUD && x.v.some((w) => w.l)) {
      if (splitSets(x, who, out)) return [];
      continue;
    }
    const k = experimentVariant(x, who);
    // Sticky: a bandit moves the weights, a visitor keeps the variant first shown (exposed()).
    const v = k >= 0 && (x.v.find((w) => get('cro_x' + x.i) === who.id + w.k) || x.v[k]);
    if (v) out.push({ i: x.i, q: x.q, c: v.c, n: v.k });
  }
  return out;
}

/**
 * Sends an experiment's exposure the first time its set is applied (or, for the control, its
 * element found), once per visitor and experiment: the device remembers for which visitor id and
 * variant it was sent (the variant keeps the visitor's assignment when the weights move), so a new
 * visitor id (consent withdrawn and given again) is exposed anew.
 */
export function exposed(s: ChangeSet, push: Push): void {
  const k = 'cro_x' + s.i;
  const v = get('cro_v');
  if (!v || get(k) === v + s.n) return;
  set(k, v + s.n);
  push({ t: 'xp', id: s.i, n: s.n });
}
