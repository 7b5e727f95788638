// @ts-check
/// <reference path="../../pb_data/types.d.ts" />
// The survey a write would leave (the stored record with the submitted fields over it): the site's
// plan must include surveys (403 naming the plan), and the definition must pass the shared checks
// (src/lib/surveys/definition.ts; a 400 naming each field to fix). Nothing is saved otherwise.
const FIELDS = [
  'name',
  'kind',
  'question',
  'options',
  'thanks',
  'pages',
  'device',
  'delay_seconds',
  'exit_intent',
  'goal_id',
  'share',
  'active',
];
module.exports = {
  /** @param {core.RecordRequestEvent} e */
  checkAndSet: function (e) {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const body = e.requestInfo().body;
    const r = e.record;
    const old = r.original();
    const siteId = r.getString('site_id');
    // Members who may not write the survey get the collection's rule refusal, not the plan's.
    let site;
    try {
      site = e.app.findRecordById('sites', siteId);
    } catch (_) {
      throw new BadRequestError('site_id must be one of your sites.');
    }
    const auth = e.auth;
    if (!auth || site.getStringSlice('editor_ids').indexOf(auth.id) < 0)
      throw new ForbiddenError('Only the site owner, admins and editors can change surveys.');
    if (!e.record.isNew() && old.getString('site_id') !== siteId) throw new BadRequestError('A survey cannot move to another site.');
    require(`${__hooks}/lib/plan_gate.js`).requireCapability(e.app, siteId, 'surveys');
    /** @type {Record<string, unknown>} */
    const merged = {
      name: old.getString('name'),
      kind: old.getString('kind'),
      question: old.getString('question'),
      options: require(`${__hooks}/lib/json_field.js`)(old, 'options') || [],
      thanks: old.getString('thanks'),
      pages: old.getString('pages'),
      device: old.getString('device') || 'any',
      delay_seconds: old.getInt('delay_seconds'),
      exit_intent: old.getBool('exit_intent'),
      goal_id: old.getString('goal_id'),
      share: e.record.isNew() ? 100 : old.getInt('share'),
      active: old.getBool('active'),
    };
    for (const k of FIELDS) if (body[k] !== undefined) merged[k] = body[k];
    // A JSON field arrives as raw bytes in the hooks' runtime: read it from the record, which holds
    // the submitted value over the stored one.
    if (body.options !== undefined) merged.options = require(`${__hooks}/lib/json_field.js`)(r, 'options');
    const problems = domain.surveyProblems(merged);
    const fields = Object.keys(problems);
    if (fields.length) {
      /** @type {Record<string, ValidationError>} */
      const data = {};
      for (const f of fields) data[f] = new ValidationError('invalid_' + f, problems[f]);
      throw new BadRequestError(problems[fields[0]], data);
    }
    if (merged.goal_id) {
      try {
        if (e.app.findRecordById('goals', String(merged.goal_id)).getString('site_id') !== siteId) throw new Error('other site');
      } catch (_) {
        throw new BadRequestError('goal_id must be a goal of this site.', {
          goal_id: new ValidationError('invalid_goal_id', 'goal_id must be a goal of this site.'),
        });
      }
    }
    r.set('device', merged.device);
    r.set('share', merged.share);
    r.set('options', domain.isChoiceKind(String(merged.kind)) ? merged.options : []);
    r.set('question', String(merged.question).trim());
  },
};
