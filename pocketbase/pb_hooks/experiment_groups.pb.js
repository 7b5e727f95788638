// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Exclusive groups: validation (lib/exclusion_group_check.js), the server's seed, the audit
// entries, and no deletion of a group a test still holds a range of.

onRecordCreateRequest((e) => {
  const check = require(`${__hooks}/lib/exclusion_group_check.js`);
  const r = e.record;
  check.validate(e, r);
  r.set('seed', $security.randomString(16));
  e.next();
  check.audit(e, r, 'group_created', { name: r.getString('name') }, 'Exclusive group created');
}, 'experiment_groups');

onRecordUpdateRequest((e) => {
  const check = require(`${__hooks}/lib/exclusion_group_check.js`);
  const r = e.record;
  const before = r.original().getString('name');
  check.validate(e, r);
  e.next();
  if (before !== r.getString('name')) {
    check.audit(e, r, 'group_updated', { name: r.getString('name'), previous: { name: before } }, 'Exclusive group renamed');
  }
}, 'experiment_groups');

onRecordDeleteRequest((e) => {
  const check = require(`${__hooks}/lib/exclusion_group_check.js`);
  const r = e.record;
  const held = check.members(e.app, r.id, '');
  if (held.length) {
    throw new BadRequestError(`The test "${held[0].getString('name')}" is in this group: complete it or take it out of the group first.`);
  }
  e.next();
  check.audit(e, r, 'group_deleted', { id: r.id, name: r.getString('name') }, 'Exclusive group deleted');
}, 'experiment_groups');
