import { inRollout } from '../lib/assignment';
import type { TrackerRule } from '../lib/contracts/rule-change';
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import { startEngine } from './engine';
import { clean, config, type Push } from './types';

const PREVIEW = 'cro_preview';

/** Whether a rule's URL pattern covers the current page (the shared URL-pattern semantics). */
export const onPage = (pattern: string | undefined, href: string) => urlPatternMatches(pattern || '', href);

/**
 * Applies the site's enabled rules through the change engine (engine.ts: before paint, complete
 * elements only, late elements, SPA navigation, undo). Rollout by the visitor's stable id and the
 * rule's seed; testing-mode rules only with ?cro_preview=<rule id>. Reports one exposure ('ex')
 * per rule per page view and apply failures ('ae': the change threw, the page kept undoing it, or
 * the selector matched nothing 5 s after the load event). `visitor` gives the visitor id, or '' for
 * a visitor who must not be tracked (partial rollouts then never apply). Never throws into the page.
 */
export function runRules(push: Push, visitor: () => string): void {
  const rules = config().r;
  if (!rules || !rules.length) return;
  let previews: string[] = [];
  try {
    previews = (new URLSearchParams(location.search).get(PREVIEW) || sessionStorage.getItem(PREVIEW) || '').split(',');
    if (previews[0]) sessionStorage.setItem(PREVIEW, previews.join(','));
  } catch (_) {
    /* storage blocked: the parameter works on this page only */
  }
  let v = '';
  const eligible = (r: TrackerRule) => {
    try {
      if (!onPage(r.u, location.href)) return false;
      if (previews.indexOf(r.i) >= 0) return true;
      if (r.x) return false;
      if (r.p >= 100) return true;
      if (r.p <= 0 || !(v = v || visitor())) return false;
      return inRollout(v, r.s, r.p);
    } catch (_) {
      return false;
    }
  };
  startEngine(
    () => rules.filter(eligible),
    (r, m, ms) => push(m === undefined ? { t: 'ex', id: r.i, val: ms } : { t: 'ae', id: r.i, m: clean(m, 300) }),
  );
}
