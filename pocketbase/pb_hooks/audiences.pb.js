// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Audiences: validation (src/lib/audiences.ts), the audit entries, and no deletion of an audience
// a rule or a test still targets (the rule would otherwise show to everyone).

onRecordCreateRequest((e) => {
  const check = require(`${__hooks}/lib/audience_check.js`);
  const jsonField = require(`${__hooks}/lib/json_field.js`);
  const r = e.record;
  check.validate(r);
  e.next();
  const what = { name: r.getString('name'), match: r.getString('match'), conditions: jsonField(r, 'conditions') };
  check.audit(e.app, r, 'audience_created', what, 'Audience created', e.auth ? e.auth.id : '');
}, 'audiences');

onRecordUpdateRequest((e) => {
  const check = require(`${__hooks}/lib/audience_check.js`);
  const jsonField = require(`${__hooks}/lib/json_field.js`);
  const r = e.record;
  const old = r.original();
  check.validate(r);
  const changed = {};
  const previous = {};
  ['name', 'match', 'conditions'].forEach((f) => {
    const read = (rec) => (f === 'conditions' ? jsonField(rec, f) : rec.getString(f));
    if (JSON.stringify(read(old)) !== JSON.stringify(read(r))) {
      changed[f] = read(r);
      previous[f] = read(old);
    }
  });
  e.next();
  if (Object.keys(changed).length) {
    changed.previous = previous;
    check.audit(e.app, r, 'audience_updated', changed, 'Audience changed: ' + Object.keys(previous).join(', '), e.auth ? e.auth.id : '');
  }
}, 'audiences');

onRecordDeleteRequest((e) => {
  const check = require(`${__hooks}/lib/audience_check.js`);
  const r = e.record;
  const params = { a: r.id };
  const rules = e.app.findRecordsByFilter('optimization_rules', 'audience = {:a}', '', 1, 0, params);
  const tests = e.app.findRecordsByFilter('experiments', 'audience = {:a}', '', 1, 0, params);
  if (rules.length || tests.length) {
    const user = rules.length ? `the rule "${rules[0].getString('name')}"` : `the test "${tests[0].getString('name')}"`;
    throw new BadRequestError(`This audience is targeted by ${user}: change its audience first.`);
  }
  e.next();
  check.audit(e.app, r, 'audience_deleted', { name: r.getString('name') }, 'Audience deleted', e.auth ? e.auth.id : '');
}, 'audiences');
