// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// A/B tests: the role check, validation (src/lib/experiments.ts), status transitions and the
// fields only the server sets (seed, started_at, ended_at). Every check runs before the record is
// saved, so a refused write changes nothing.

onRecordCreateRequest((e) => {
  const check = require(`${__hooks}/lib/experiment_check.js`);
  const statistics = require(`${__hooks}/lib/experiment_statistics.js`);
  const split = require(`${__hooks}/lib/split_url_check.js`);
  const r = e.record;
  const site = check.guard(e, r.getString('site_id'));
  const status = r.getString('status') || 'draft';
  if (status !== 'draft' && status !== 'running') throw new BadRequestError('A new experiment is a draft or running');
  r.set('status', status);
  if (e.requestInfo().body.traffic === undefined) r.set('traffic', 100);
  if (r.getString('winner')) throw new BadRequestError('A winner is declared only when the experiment is completed');
  check.validate(e, r, site);
  split.validate(e, r, site, null);
  require(`${__hooks}/lib/exclusion_group_check.js`).applyToTest(e, r, null); // a 400 before anything else
  statistics.create(e);
  if (status === 'running') check.start(e, r, site);
  r.set('seed', $security.randomString(16));
  const grouped = require(`${__hooks}/lib/exclusion_group_check.js`).save(e, r, null);
  if (r.getString('audience')) require(`${__hooks}/lib/audience_check.js`).auditTest(e, r, '');
  if (grouped) require(`${__hooks}/lib/exclusion_group_check.js`).auditTest(e, r, grouped);
  statistics.audit(e, null);
  split.audit(e, null);
  require(`${__hooks}/lib/experiment_parts.js`).audit(e, null);
}, 'experiments');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/generated/domain.js`);
  const check = require(`${__hooks}/lib/experiment_check.js`);
  const jsonField = require(`${__hooks}/lib/json_field.js`);
  const statistics = require(`${__hooks}/lib/experiment_statistics.js`);
  const split = require(`${__hooks}/lib/split_url_check.js`);
  const r = e.record;
  const old = r.original();
  const before = statistics.snapshot(old);
  const splitBefore = split.snapshot(old);
  const design = require(`${__hooks}/lib/experiment_parts.js`).snapshot(old);
  const site = check.guard(e, old.getString('site_id'));
  const from = old.getString('status');
  const to = r.getString('status');
  const problem = lib.statusChangeProblem(from, to);
  if (problem) throw new BadRequestError(problem);
  // Results are per variant: changing the variants of a started experiment would mix two tests.
  if (from !== 'draft' && JSON.stringify(jsonField(r, 'variants')) !== JSON.stringify(jsonField(old, 'variants'))) {
    throw new BadRequestError('Variants can only be changed while the experiment is a draft');
  }
  check.validate(e, r, site);
  split.validate(e, r, site, old);
  require(`${__hooks}/lib/exclusion_group_check.js`).applyToTest(e, r, old); // a 400 before anything else
  statistics.update(e);
  if (to === 'running' && from !== 'running') check.start(e, r, site);
  if (to === 'completed' && from !== 'completed') r.set('ended_at', new Date().toISOString());
  const grouped = require(`${__hooks}/lib/exclusion_group_check.js`).save(e, r, old);
  if (r.getString('audience') !== old.getString('audience'))
    require(`${__hooks}/lib/audience_check.js`).auditTest(e, r, old.getString('audience'));
  if (grouped) require(`${__hooks}/lib/exclusion_group_check.js`).auditTest(e, r, grouped);
  statistics.audit(e, before);
  split.audit(e, splitBefore);
  require(`${__hooks}/lib/experiment_parts.js`).audit(e, design);
}, 'experiments');
