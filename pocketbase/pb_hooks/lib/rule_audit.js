// @ts-check
// Audit entries and rollbacks of optimization rules, shared by the API hooks, the manual
// rollback route and the automatic rollback of the health evaluation.
module.exports = {
  /** Writes one audit entry. `changes` maps fields to new values, `previous` to old ones. */
  write: function (app, rule, action, changes, previous, reason, actorId) {
    const entry = new Record(app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', rule.getString('site_id'));
    entry.set('rule_id', rule.id);
    entry.set('action', action);
    entry.set('changes', changes || {});
    entry.set('previous', previous || {});
    entry.set('reason', reason || '');
    if (actorId) entry.set('actor_id', actorId);
    app.save(entry);
  },

  /** The settings before the rule's most recent user change (what a rollback restores). */
  previousSettings: function (app, rule) {
    const entries = app.findRecordsByFilter('optimization_audit_log', 'rule_id = {:rule} && action = "updated"', '-created_at', 1, 0, {
      rule: rule.id,
    });
    if (!entries.length) return {};
    const previous = require(`${__hooks}/lib/json_field.js`)(entries[0], 'previous') || {};
    delete previous.enabled; // a rollback always leaves the rule disabled
    return previous;
  },

  /**
   * Disables a rule, restores its previous settings, and records the rollback, its audit entry
   * and notifications, in one transaction. Returns what was restored.
   */
  rollback: function (app, rule, type, reason, actorId, details) {
    const self = require(`${__hooks}/lib/rule_audit.js`);
    const restored = self.previousSettings(app, rule);
    const before = { enabled: rule.getBool('enabled') };
    Object.keys(restored).forEach((k) => (before[k] = rule.get(k)));
    app.runInTransaction((tx) => {
      const fresh = tx.findRecordById('optimization_rules', rule.id);
      Object.keys(restored).forEach((k) => fresh.set(k, restored[k]));
      fresh.set('enabled', false);
      fresh.set('health_status', 'disabled');
      tx.save(fresh);

      const rb = new Record(tx.findCollectionByNameOrId('optimization_rollbacks'));
      rb.set('site_id', fresh.getString('site_id'));
      rb.set('rule_id', fresh.id);
      rb.set('rollback_type', type);
      rb.set('trigger_reason', reason);
      rb.set('details', Object.assign({ restored: restored }, details || {}));
      tx.save(rb);

      self.write(tx, fresh, 'rolled_back', Object.assign({ enabled: false }, restored), before, reason, actorId);

      const site = tx.findRecordById('sites', fresh.getString('site_id'));
      const recipients = {};
      recipients[site.getString('user_id')] = true;
      if (actorId) recipients[actorId] = true;
      const notifier = require(`${__hooks}/lib/notify.js`);
      Object.keys(recipients).forEach((userId) => {
        notifier.notify(tx, {
          user: userId,
          site: site.id,
          type: 'alert',
          title: type === 'automatic' ? 'Optimization rolled back automatically' : 'Optimization rolled back',
          message: `${fresh.getString('name') || fresh.getString('rule_type')} on ${site.getString('domain')}: ${reason}`,
          link: '/dashboard/safety',
        });
      });
    });
    return restored;
  },
};
