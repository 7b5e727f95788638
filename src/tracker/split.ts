import type { ExperimentVisitor, TrackerExperiment } from '../lib/contracts/tracker-experiment';
import { experimentVariant } from '../lib/contracts/tracker-experiment';
import { onSplitLanding, splitTarget } from '../lib/contracts/split-url';
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import type { ChangeSet } from './engine';

/**
 * A split-URL test (targeting build only): its variants are other addresses. A visitor assigned
 * to a variant is sent there from an original page before it is painted (the page is hidden:
 * the loader's stylesheet hides it until now, this keeps it hidden while the browser leaves);
 * the exposure is counted on the variant's landing page, a control visitor's on the original
 * page (a set without selector or changes: the engine reports it at once). A target is never an
 * original page (splitTarget), so nobody is redirected twice. Assignment is the A/B tests' one,
 * on every page, so the edge (edge/redirect.go) decides alike. True when the visitor is sent away.
 */
export function splitSets(x: TrackerExperiment, who: ExperimentVisitor, out: ChangeSet[]): boolean {
  const k = experimentVariant(Object.assign({}, x, { u: '' }), who); // on every page: the landing's too
  const v = x.v[k];
  if (!v) return false;
  const home = urlPatternMatches(x.u || '', who.href);
  if (k ? onSplitLanding(v.l || '', who.href) : home) out.push({ i: x.i, c: [], n: v.k });
  const to = k && home && splitTarget(x.u || '', v.l || '', who.href);
  if (to) {
    document.documentElement.style.visibility = 'hidden';
    location.replace(to);
  }
  return !!to;
}
