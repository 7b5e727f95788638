// @ts-check
/// <reference path="../../pb_data/types.d.ts" />
// A site's settings on update: each submitted one checked by the shared rules (a bad one refuses the
// whole write), then saved, and every real change written to the site's audit log with who made it.
module.exports = {
  /**
   * @param {core.RecordRequestEvent} e
   * @param {Record<string, any>} body
   */
  applyAndAudit: function (e, body) {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const before = e.record.original();
    /** @type {Array<{ key: any, from: any, to: any }>} */
    const changed = [];
    for (const key of domain.SITE_SETTING_KEYS) {
      if (body[key] === undefined) continue;
      const checked = domain.checkSiteSetting(key, body[key]);
      if (checked.ok === false) throw new BadRequestError(checked.error, { [key]: new ValidationError('invalid_setting', checked.error) });
      e.record.set(key, checked.value);
      const from = before.get(key);
      if (String(from) !== String(checked.value)) changed.push({ key: key, from: from, to: checked.value });
    }
    e.next();
    if (!changed.length) return;
    const entry = new Record(e.app.findCollectionByNameOrId('optimization_audit_log'));
    entry.set('site_id', e.record.id);
    entry.set('action', 'settings_changed');
    /** @type {Record<string, any>} */
    const changes = {};
    changed.forEach((c) => (changes[c.key] = { from: c.from, to: c.to }));
    entry.set('changes', changes);
    entry.set('reason', domain.describeSettingChanges(changed));
    if (e.auth && e.auth.collection().name === 'users') entry.set('actor_id', e.auth.id);
    e.app.save(entry);
  },
};
