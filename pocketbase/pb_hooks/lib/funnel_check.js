// @ts-check
// The funnels hook's check (pb_hooks/funnels.pb.js): the rules live in src/lib/funnels.ts; this
// only reads the record and the site's goal ids, and writes the normalized definition back.

module.exports = {
  /** Throws a 400 with the first problem of the record's definition; otherwise normalizes it. */
  validate: function (e, r) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    const siteId = r.getString('site_id');
    if (!/^[a-z0-9]{15}$/.test(siteId)) throw new BadRequestError('A funnel needs a site_id.');
    const goalIds = e.app.findRecordsByFilter('goals', 'site_id = {:site}', '', 0, 0, { site: siteId }).map((g) => g.id);
    const checked = lib.validateFunnel(
      {
        name: r.getString('name'),
        description: r.getString('description'),
        steps: jsonField(r, 'steps'),
        window_days: r.getFloat('window_days'),
        step_order: r.getString('step_order'),
      },
      goalIds,
    );
    if (checked.ok === false) throw new BadRequestError(checked.error);
    const v = checked.value;
    r.set('name', v.name);
    r.set('description', v.description);
    r.set('steps', v.steps);
    r.set('window_days', v.window_days);
    r.set('step_order', v.step_order);
  },
};
