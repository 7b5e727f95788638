// @ts-check
// Split-URL tests (pb_hooks/experiments.pb.js): the test type and the variants' URLs are checked
// by src/lib/split-url.ts before the save (a 400 changes nothing) and every change of them is an
// audit entry (`test_type_changed`).

/** The type and variant URLs as the audit log shows them. */
function summary(/** @type {core.Record} */ r) {
  const jsonField = require(`${__hooks}/lib/json_field.js`);
  /** @type {Record<string, string>} */
  const urls = {};
  (jsonField(r, 'variants') || []).forEach((/** @type {any} */ v) => {
    if (v && v.url) urls[v.key] = v.url;
  });
  return { test_type: r.getString('test_type') || 'ab', variant_urls: urls };
}

module.exports = {
  /** 400 unless the type may change now and its variants' URLs are safe redirects on the site's own hosts. */
  validate: function (e, /** @type {core.Record} */ r, /** @type {core.Record} */ site, /** @type {core.Record | null} */ old) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    if (!r.getString('test_type')) r.set('test_type', old ? old.getString('test_type') || 'ab' : 'ab');
    // A started test's type is frozen by experiment_parts.js (with its pages and sections).
    const variants = jsonField(r, 'variants');
    const hosts = lib.siteHosts(site.getString('domain'), site.getString('staging_domain'));
    const problem = lib.splitUrlProblem(
      r.getString('test_type'),
      r.getString('url_pattern'),
      Array.isArray(variants) ? variants : [],
      hosts,
    );
    if (problem) throw new BadRequestError(problem);
    // The edge cannot read the device's memory of the variant first shown, which keeps a bandit's visitors put.
    if (r.getString('test_type') === 'split_url' && r.getBool('bandit'))
      throw new BadRequestError('A split URL test cannot run as a bandit: its weights stay as set');
  },

  /** The summary before a write (null for a new test), for audit(). */
  snapshot: function (/** @type {core.Record} */ old) {
    return summary(old);
  },

  /** After the save: an audit entry when the type or a variant URL changed (a new split-URL test too). */
  audit: function (e, /** @type {any} */ before) {
    const r = e.record;
    const now = summary(r);
    const was = before || { test_type: 'ab', variant_urls: {} };
    if (JSON.stringify(now) === JSON.stringify(was)) return;
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', r.getString('site_id'));
    entry.set('experiment_id', r.id);
    entry.set('action', 'test_type_changed');
    entry.set('changes', now);
    entry.set('previous', before || {});
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const urls = Object.keys(now.variant_urls).map((k) => `${k} -> ${now.variant_urls[k]}`);
    const kind = lib.TEST_TYPE_LABELS[now.test_type] || now.test_type;
    entry.set('reason', `"${r.getString('name')}": test type ${kind}` + (urls.length ? `; variant URLs: ${urls.join(', ')}` : ''));
    if (e.auth && e.auth.collection().name === 'users') entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },
};
