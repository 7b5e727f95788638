import type { ChangeSet } from './engine';

/**
 * Google Tag Manager: an exposure pushed to the page's `dataLayer` (created when GTM has not
 * loaded yet; GTM reads what is already there), once per page view in which the set is shown, in
 * the shape of GrowthBook's `experiment_viewed`: `{event: 'cro_exposure', cro_experiment_id,
 * cro_variant_id}` for an experiment, `{event: 'cro_rule_exposure', cro_rule_id}` for a rule (two
 * event names, since GTM's data model keeps a key until it is pushed again). Ids only: names would
 * publish the site's test names in every visitor's script. Never throws into the page.
 */
export function toDataLayer(s: ChangeSet): void {
  try {
    const w = window as unknown as { dataLayer?: object[] };
    (w.dataLayer = w.dataLayer || []).push(
      s.n ? { event: 'cro_exposure', cro_experiment_id: s.i, cro_variant_id: s.n } : { event: 'cro_rule_exposure', cro_rule_id: s.i },
    );
  } catch (_) {
    /* a page's own dataLayer that throws */
  }
}
