// @ts-check
/// <reference path="../../pb_data/types.d.ts" />
// A site's settings on update: each submitted one checked by the shared rules (a bad one refuses the
// whole write), then saved, and every real change written to the site's audit log with who made it.
/**
 * The settings as the client sent them. PocketBase casts the request body to the fields' types
 * before hooks see it ("yes" or 1 for a switch become a boolean), which would let bad input pass
 * unchecked; a JSON body is read again as sent (PocketBase's router keeps it re-readable). Anything else
 * (a multipart form) is checked as cast.
 * @param {core.RecordRequestEvent} e
 * @param {Record<string, any>} body
 * @returns {Record<string, any>}
 */
function submitted(e, body) {
  try {
    // PocketBase's decoder may have stopped short of the end: rewind to the start first.
    // The request of a record event sits on its embedded RequestEvent (`e.request` is not promoted).
    const reader = /** @type {any} */ (e).requestEvent.request.body;
    if (reader && typeof reader.reread === 'function') reader.reread();
    const raw = JSON.parse(toString(reader, 65536));
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw;
  } catch (_) {
    /* not JSON: the cast body */
  }
  return body;
}

module.exports = {
  /**
   * @param {core.RecordRequestEvent} e
   * @param {Record<string, any>} body
   */
  applyAndAudit: function (e, body) {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const sent = submitted(e, body);
    const before = e.record.original();
    /** @type {Array<{ key: any, from: any, to: any }>} */
    const changed = [];
    for (const key of domain.SITE_SETTING_KEYS) {
      if (body[key] === undefined) continue;
      const checked = domain.checkSiteSetting(key, key in sent ? sent[key] : body[key]);
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
