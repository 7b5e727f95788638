import { inRollout } from '../lib/assignment';
import type { TrackerRule } from '../lib/contracts/rule-change';
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import { startEngine, type ChangeSet } from './engine';
import { toDataLayer } from './datalayer';
import { experimentSets, exposed } from './experiments';
import { visitor } from './ids';
import { inAudience } from './audience';
import { heldOut } from './groups';
import { AUD, clean, config, type Push } from './types';

const PREVIEW = 'cro_preview';

/** Whether a rule's URL pattern covers the current page (the shared URL-pattern semantics). */
export const onPage = (pattern?: string) => urlPatternMatches(pattern || '', location.href);

/**
 * Applies the site's enabled rules through the change engine (engine.ts: before paint, complete
 * elements only, late elements, SPA navigation, undo). Rollout by the visitor's stable id and the
 * rule's seed; testing-mode rules only with ?cro_preview=<rule id>. Reports one exposure ('ex')
 * per rule per page view and apply failures ('ae': the change threw, the page kept undoing it, or
 * the selector matched nothing 5 s after the load event). A rule is not applied on the pages listed
 * in its `xu`, where a running experiment owns its element; the experiments' variants
 * (experiments.ts) go through the same engine and report their exposure once per visitor.
 * `tracked` says whether this visitor may be tracked (partial rollouts and experiments need the
 * visitor id, so they never apply to one who may not). Never throws into the page.
 */
export function runRules(push: Push, tracked: () => boolean): void {
  // The server sends this build only to sites with enabled rules or running experiments.
  const cfg = config();
  const rules = cfg.r || [];
  let previews: string[] = [];
  try {
    // Kept for the tab's next pages, except in consent-free mode (nothing on the device).
    const p = new URLSearchParams(location.search).get(PREVIEW) || (cfg.c ? '' : sessionStorage.getItem(PREVIEW)) || '';
    previews = p.split(',');
    if (p && !cfg.c) sessionStorage.setItem(PREVIEW, p);
  } catch (_) {
    /* storage blocked: the parameter works on this page only */
  }
  let v = '';
  const eligible = (r: TrackerRule) => {
    try {
      if (!onPage(r.u) || (r.xu || []).some(onPage)) return false;
      if (previews.indexOf(r.i) >= 0) return true;
      if (r.x) return false;
      // The global holdout sees no rule (a visitor who may not be tracked is in no holdout).
      if (AUD && cfg.ho && tracked() && heldOut((v = v || visitor()))) return false;
      if (r.p >= 100 && !(AUD && r.a)) return true;
      if (r.p <= 0 || !tracked()) return false;
      v = v || visitor();
      if (!inRollout(v, r.s, r.p)) return false;
      // A personalization: its audience only, less the holdout, who keep the original and are
      // reported as such (once per page view) so that its effect can be measured.
      if (AUD && r.a) {
        if (!inAudience(r.a, true)) return false;
        if (r.h && inRollout(v, r.s + ':h', r.h)) {
          push({ t: 'ex', id: r.i, n: 'holdout' });
          return false;
        }
      }
      return true;
    } catch (_) {
      return false;
    }
  };
  startEngine(
    () => (rules.filter(eligible) as ChangeSet[]).concat(experimentSets(tracked)),
    (r, m, ms) => {
      if (m === undefined) {
        if (cfg.gt && tracked()) toDataLayer(r);
        if (r.n) exposed(r, push);
        else push({ t: 'ex', id: r.i, val: ms });
      } else if (!r.n) push({ t: 'ae', id: r.i, m: clean(m, 300) });
    },
  );
}
