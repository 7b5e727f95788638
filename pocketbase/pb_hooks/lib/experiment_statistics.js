// @ts-check
// An experiment's statistics settings (src/lib/experiment-statistics.ts): checked before the save
// as the client sent them, and every change written to the site's audit log with who made it.

/**
 * The body as the client sent it: PocketBase casts it to the fields' types before hooks see it
 * ("14" or "abc" would pass as numbers). A multipart form is checked as cast.
 * @param {core.RecordRequestEvent} e
 */
function submitted(e) {
  try {
    // Rewind first: PocketBase's decoder may have stopped short of the end. The request sits on
    // the record event's embedded RequestEvent.
    const reader = /** @type {any} */ (e).requestEvent.request.body;
    if (reader && typeof reader.reread === 'function') reader.reread();
    const raw = JSON.parse(toString(reader, 1 << 20));
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw;
  } catch (_) {
    /* not JSON: the cast body */
  }
  return e.requestInfo().body || {};
}

/** @param {core.RecordRequestEvent} e @param {core.Record} r @param {Record<string, any>} current */
function check(e, r, current) {
  const lib = require(`${__hooks}/lib/generated/domain.js`);
  const body = submitted(e);
  const checked = lib.validateStatisticsSettings(body, /** @type {any} */ (current));
  if (checked.ok === false) throw new BadRequestError(checked.error);
  r.set('correction', checked.value.correction);
  r.set('cuped_window_days', checked.value.cuped_window_days);
  r.set('post_stratification', checked.value.post_stratification);
  r.set('bandit', checked.value.bandit);
  r.set('bandit_interval_hours', checked.value.bandit_interval_hours);
  r.set('bandit_min_weight', checked.value.bandit_min_weight);
}

module.exports = {
  /** A new experiment: unset settings take the defaults. */
  create: function (e) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    check(e, e.record, {
      correction: '',
      cuped_window_days: lib.DEFAULT_CUPED_WINDOW_DAYS,
      post_stratification: '',
      bandit: false,
      bandit_interval_hours: lib.DEFAULT_BANDIT_INTERVAL_HOURS,
      bandit_min_weight: lib.DEFAULT_BANDIT_MIN_WEIGHT,
    });
  },

  /** An update: unset settings keep their stored values. */
  update: function (e) {
    const old = e.record.original();
    check(e, e.record, {
      correction: old.getString('correction'),
      cuped_window_days: old.getInt('cuped_window_days'),
      post_stratification: old.getString('post_stratification'),
      bandit: old.getBool('bandit'),
      bandit_interval_hours: old.getFloat('bandit_interval_hours'),
      bandit_min_weight: old.getFloat('bandit_min_weight'),
    });
  },

  /** The stored settings before a write (null for a new experiment), for audit(). */
  snapshot: function (/** @type {core.Record} */ r) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    /** @type {Record<string, any>} */
    const out = {};
    lib.STATISTICS_FIELDS.forEach((/** @type {string} */ f) => (out[f] = r.get(f)));
    return out;
  },

  /** After the save: one audit entry listing the statistics settings that changed (all of them for a new test). */
  audit: function (e, /** @type {Record<string, any> | null} */ before) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const r = e.record;
    /** @type {Record<string, {from: any, to: any}>} */
    const changes = {};
    lib.STATISTICS_FIELDS.forEach((/** @type {string} */ f) => {
      const from = before ? before[f] : null;
      if (from !== r.get(f)) changes[f] = { from: from, to: r.get(f) };
    });
    if (!Object.keys(changes).length) return;
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', r.getString('site_id'));
    entry.set('experiment_id', r.id);
    entry.set('action', 'statistics_changed');
    entry.set('changes', changes);
    entry.set('reason', `Statistics settings of A/B test "${r.getString('name')}"`);
    if (e.auth && e.auth.collection().name === 'users') entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },
};
