// @ts-check
// Audiences (pb_hooks/audiences.pb.js) and the rules and tests that target one: what may be
// stored, checked before the save so a refused write changes nothing.
module.exports = {
  /** Validates an audience record and stores its normalized definition. */
  validate: function (r) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const nameProblem = lib.audienceNameProblem(r.getString('name'));
    if (nameProblem) throw new BadRequestError(nameProblem);
    const result = lib.validateAudience({ match: r.getString('match'), conditions: jsonField(r, 'conditions') });
    if (result.ok === false) throw new BadRequestError(result.error);
    r.set('name', r.getString('name').trim());
    r.set('conditions', result.value.conditions);
  },

  /** A rule's or test's audience must be one of the same site's audiences (empty: everyone). */
  requireSameSite: function (app, audienceId, siteId) {
    if (!audienceId) return;
    let a;
    try {
      a = app.findRecordById('audiences', audienceId);
    } catch (_) {
      throw new BadRequestError('The audience does not exist.');
    }
    if (a.getString('site_id') !== siteId) throw new BadRequestError('The audience does not exist.');
  },

  /** A rule's audience (one of its site's) and holdout share (0 to 50%); a 400 changes nothing. */
  ruleTargeting: function (e, r) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    // PocketBase has already cast the body to the field's type (a number).
    const problem = lib.holdoutProblem(r.getFloat('holdout_percentage'));
    if (problem) throw new BadRequestError(problem);
    module.exports.requireSameSite(e.app, r.getString('audience'), r.getString('site_id'));
  },

  /** The audit entry of a test's audience (set, changed or removed). */
  auditTest: function (e, r, before) {
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', r.getString('site_id'));
    entry.set('experiment_id', r.id);
    entry.set('action', 'updated');
    entry.set('changes', { audience: r.getString('audience') });
    entry.set('previous', { audience: before });
    entry.set('reason', r.getString('audience') ? 'User targeted the test to an audience' : "User removed the test's audience");
    if (e.auth) entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },

  /** One audit entry about an audience. */
  audit: function (app, a, action, changes, reason, actorId) {
    const entry = new Record(app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', a.getString('site_id'));
    if (action !== 'audience_deleted') entry.set('audience_id', a.id);
    entry.set('action', action);
    entry.set('changes', changes || {});
    entry.set('reason', reason);
    if (actorId) entry.set('actor_id', actorId);
    app.save(entry);
  },
};
