// @ts-check
/// <reference path="../../pb_data/types.d.ts" />
// The goal a write would leave (the stored record with the submitted fields over it), checked by
// the shared rule; a bad one is a 400 naming the field, a good one is saved normalised.
module.exports = {
  /** @param {core.RecordRequestEvent} e */
  checkAndSet: function (e) {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const body = e.requestInfo().body;
    const r = e.record;
    const old = r.original();
    /** @type {Record<string, unknown>} */
    const merged = {
      name: old.getString('name'),
      type: old.getString('type'),
      match: old.getString('match'),
      value: old.getFloat('value'),
      micro: old.getBool('micro'),
      enabled: e.record.isNew() ? undefined : old.getBool('enabled'),
    };
    for (const k of ['name', 'type', 'match', 'value', 'micro', 'enabled']) if (body[k] !== undefined) merged[k] = body[k];
    const checked = domain.checkGoal(merged);
    if (checked.ok === false) {
      throw new BadRequestError(checked.error, { [checked.field]: new ValidationError('invalid_goal', checked.error) });
    }
    const g = checked.goal;
    r.set('name', g.name);
    r.set('type', g.type);
    r.set('match', g.match);
    r.set('value', g.value);
    r.set('micro', g.micro);
    r.set('enabled', g.enabled);
  },
};
