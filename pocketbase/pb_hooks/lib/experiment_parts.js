// @ts-check
// Multi-page and multivariate tests (src/lib/experiment-parts.ts): their pages or sections are
// checked and stored normalized before the save (a multivariate test's variants are its
// combinations, computed here), frozen once the test has started, and audited after the save.

/** The design fields a test's kind owns; each change is one audit entry. */
const DESIGN_FIELDS = ['test_type', 'pages', 'sections'];

/** @param {core.Record} r @param {string} f */
function stored(r, f) {
  if (f === 'test_type') return r.getString(f);
  const v = require(`${__hooks}/lib/json_field.js`)(r, f);
  return Array.isArray(v) && v.length ? v : null;
}

module.exports = {
  /**
   * Checks the test type and, for a multi-page or multivariate test, its pages or sections; stores
   * them normalized and returns the checked variants ({ok, value}), or null for the other types
   * (their variants are checked as an A/B test's). A 400 changes nothing.
   * @param {core.RecordRequestEvent} e @param {core.Record} r
   */
  check: function (e, r) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const type = r.getString('test_type') || 'ab';
    const problem = lib.testTypeProblem(type);
    if (problem) throw new BadRequestError(problem);
    r.set('test_type', type);
    const old = r.isNew() ? null : r.original();
    if (old && old.getString('status') !== 'draft') {
      for (const f of DESIGN_FIELDS) {
        if (JSON.stringify(stored(r, f)) !== JSON.stringify(stored(old, f) || (f === 'test_type' ? 'ab' : null))) {
          throw new BadRequestError('The test type, pages and sections can only be changed while the experiment is a draft');
        }
      }
    }
    if (type !== 'multi_page') r.set('pages', null);
    if (type !== 'multivariate') r.set('sections', null);
    if (type === 'multi_page') {
      const pages = lib.validatePages(jsonField(r, 'pages'));
      if (pages.ok === false) throw new BadRequestError(pages.error);
      const variants = lib.validateMultiPageVariants(jsonField(r, 'variants'), pages.value);
      if (variants.ok === false) throw new BadRequestError(variants.error);
      r.set('pages', pages.value);
      // Each page has its own pattern and element: the test-wide ones would say nothing.
      r.set('url_pattern', '');
      r.set('selector', '');
      return variants;
    }
    if (type === 'multivariate') {
      const sections = lib.validateSections(jsonField(r, 'sections'));
      if (sections.ok === false) throw new BadRequestError(sections.error);
      r.set('sections', sections.value);
      r.set('selector', '');
      // Started: the stored combinations stay (a bandit may have moved their weights).
      if (old && old.getString('status') !== 'draft') return { ok: /** @type {const} */ (true), value: jsonField(old, 'variants') };
      return { ok: /** @type {const} */ (true), value: lib.expandCombinations(sections.value) };
    }
    return null;
  },

  /** The record's design fields before a write (null for a new test), for audit(). @param {core.Record} r */
  snapshot: function (r) {
    /** @type {Record<string, any>} */
    const out = {};
    DESIGN_FIELDS.forEach((f) => (out[f] = stored(r, f)));
    return out;
  },

  /**
   * After the save: one `design_changed` entry with the design fields that changed (those set, for
   * a new test of another kind than A/B).
   * @param {core.RecordRequestEvent} e @param {Record<string, any> | null} before
   */
  audit: function (e, before) {
    const r = e.record;
    /** @type {Record<string, any>} */
    const changes = {};
    /** @type {Record<string, any>} */
    const previous = {};
    DESIGN_FIELDS.forEach((f) => {
      const from = before ? before[f] : f === 'test_type' ? 'ab' : null;
      const to = stored(r, f);
      if (JSON.stringify(from) !== JSON.stringify(to)) {
        changes[f] = to;
        previous[f] = from;
      }
    });
    if (!Object.keys(changes).length) return;
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', r.getString('site_id'));
    entry.set('experiment_id', r.id);
    entry.set('action', 'design_changed');
    entry.set('changes', changes);
    entry.set('previous', previous);
    entry.set('reason', `Design of test "${r.getString('name')}" (${r.getString('test_type')})`);
    if (e.auth && e.auth.collection().name === 'users') entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },
};
