// @ts-check
// Exclusive groups (pb_hooks/experiment_groups.pb.js) and the tests in them
// (pb_hooks/experiments.pb.js): what may be stored, each test's range of its group's namespace
// (src/lib/exclusion-groups.ts), and the audit entries. Checked before the save, so a refused
// write changes nothing.
module.exports = {
  /** Validates a group record (a name; the seed is the server's). */
  validate: function (e, r) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const body = e.requestInfo().body;
    if (body.seed !== undefined) throw new BadRequestError("A group's seed is set by the server.");
    const problem = lib.groupNameProblem(r.getString('name'));
    if (problem) throw new BadRequestError(problem);
    r.set('name', r.getString('name').trim());
  },

  /** The tests still holding a range of the group (any not completed). */
  members: function (app, groupId, exceptId) {
    return app
      .findRecordsByFilter('experiments', "exclusion_group = {:g} && status != 'completed'", 'created_at', 0, 0, { g: groupId })
      .filter((x) => x.id !== exceptId);
  },

  /**
   * A test's group and range: the group must be one of the site's; a started test neither joins
   * nor leaves one, nor changes its traffic while in one (that would move its visitors); a test
   * joining (or a draft changing its traffic) takes the first free range as wide as its traffic.
   * Returns what changed for the audit entry, or null.
   */
  applyToTest: function (e, r, old) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const body = e.requestInfo().body;
    if (body.group_range !== undefined) throw new BadRequestError("A test's range of its group is set by the server.");
    const group = r.getString('exclusion_group');
    const before = old ? old.getString('exclusion_group') : '';
    const started = old && old.getString('status') !== 'draft';
    if (started && group !== before) {
      throw new BadRequestError(
        'A test joins or leaves an exclusive group only while it is a draft: moving a started test would move its visitors.',
      );
    }
    if (!group) {
      r.set('group_range', null);
      return before ? { exclusion_group: '', previous: { exclusion_group: before, group_range: jsonField(old, 'group_range') } } : null;
    }
    let g;
    try {
      g = e.app.findRecordById('experiment_groups', group);
    } catch (_) {
      throw new BadRequestError('The exclusive group does not exist.');
    }
    if (g.getString('site_id') !== r.getString('site_id')) throw new BadRequestError('The exclusive group does not exist.');
    const traffic = r.getFloat('traffic');
    const held = old ? jsonField(old, 'group_range') : null;
    if (started && old && traffic !== old.getFloat('traffic')) {
      throw new BadRequestError(
        "The traffic of a started test in an exclusive group is fixed: its range of the group's visitors is reserved.",
      );
    }
    if (group === before && lib.isGroupRange(held) && (started || traffic === old.getFloat('traffic'))) {
      r.set('group_range', held);
      return null;
    }
    const taken = module.exports
      .members(e.app, group, r.id)
      .map((x) => jsonField(x, 'group_range'))
      .filter(lib.isGroupRange);
    const range = lib.allocateGroupRange(taken, traffic / 100);
    if (!range) {
      const free = Math.round(lib.largestFreeShare(taken) * 10000) / 100;
      throw new BadRequestError(
        `The group "${g.getString('name')}" has ${free}% of its visitors free: lower this test's traffic to at most ${free}% or choose another group.`,
      );
    }
    r.set('group_range', range);
    if (group === before) return null;
    return { exclusion_group: group, group_range: range, previous: { exclusion_group: before, group_range: held } };
  },

  /**
   * Saves the test (e.next()). A test in a group takes its range and is saved in one transaction
   * (they run one at a time on SQLite's writer), so two tests joining at once cannot take the same
   * free range. Returns applyToTest's change for the audit entry.
   */
  save: function (e, r, old) {
    if (!r.getString('exclusion_group')) {
      const change = module.exports.applyToTest(e, r, old);
      e.next();
      return change;
    }
    const app = e.app;
    let change = null;
    try {
      app.runInTransaction((txApp) => {
        e.app = txApp;
        change = module.exports.applyToTest(e, r, old);
        e.next();
      });
    } finally {
      e.app = app;
    }
    return change;
  },

  /** The audit entry of a test's group (joined, changed or left). */
  auditTest: function (e, r, change) {
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    const previous = change.previous;
    delete change.previous;
    entry.set('site_id', r.getString('site_id'));
    entry.set('experiment_id', r.id);
    if (change.exclusion_group) entry.set('group_id', change.exclusion_group);
    entry.set('action', 'updated');
    entry.set('changes', change);
    entry.set('previous', previous);
    entry.set(
      'reason',
      change.exclusion_group ? 'User put the test in an exclusive group' : 'User took the test out of its exclusive group',
    );
    if (e.auth) entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },

  /** One audit entry about a group. */
  audit: function (e, g, action, changes, reason) {
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', g.getString('site_id'));
    if (action !== 'group_deleted') entry.set('group_id', g.id);
    entry.set('action', action);
    entry.set('changes', changes);
    entry.set('reason', reason);
    if (e.auth) entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },
};
