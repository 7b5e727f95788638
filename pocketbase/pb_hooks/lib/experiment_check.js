// @ts-check
// The experiments hook's steps (pb_hooks/experiments.pb.js): who may write, what may be stored,
// and what starting a test needs. The rules themselves live in src/lib/experiments.ts.

module.exports = {
  /** The experiment's site if the caller edits it (superusers always); 404 for strangers, 403 for viewers. */
  guard: function (e, siteId) {
    return require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, siteId, 'editor', {
      required: 'An experiment needs a site_id.',
      notFound: 'Site not found.',
      forbidden: 'Only editors, admins and owners can change experiments.',
      superusers: true,
    });
  },

  /** Checks the record's variants and settings against the site's goals and stores them normalized. */
  validate: function (e, r, site) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    const jsonField = require(`${__hooks}/lib/json_field.js`);
    // A multi-page or multivariate test's variants come with its pages or sections (experiment_parts.js).
    const variants =
      require(`${__hooks}/lib/experiment_parts.js`).check(e, r) || lib.validateVariants(jsonField(r, 'variants'), r.getString('selector'));
    if (variants.ok === false) throw new BadRequestError(variants.error);
    const goalIds = e.app.findRecordsByFilter('goals', 'site_id = {:site}', '', 0, 0, { site: site.id }).map((g) => g.id);
    const settings = lib.validateExperimentSettings(
      {
        traffic: r.getFloat('traffic'),
        url_pattern: r.getString('url_pattern'),
        target_device: r.getString('target_device'),
        target_visitor: r.getString('target_visitor'),
        primary_goal: r.getString('primary_goal'),
        secondary_goals: jsonField(r, 'secondary_goals'),
        guardrails: jsonField(r, 'guardrails'),
        minimum_detectable_effect: r.getFloat('minimum_detectable_effect'),
        planned_sample_size: r.getFloat('planned_sample_size'),
      },
      goalIds,
    );
    if (settings.ok === false) throw new BadRequestError(settings.error);
    const winner = lib.winnerProblem(r.getString('winner'), r.getString('status'), variants.value);
    if (winner) throw new BadRequestError(winner);
    require(`${__hooks}/lib/audience_check.js`).requireSameSite(e.app, r.getString('audience'), site.id);
    r.set('variants', variants.value);
    const v = settings.value;
    r.set('url_pattern', v.url_pattern);
    r.set('target_device', v.target_device);
    r.set('target_visitor', v.target_visitor);
    r.set('secondary_goals', v.secondary_goals);
    r.set('guardrails', v.guardrails);
    r.set('selector', r.getString('selector').trim());
  },

  /** Starting shows changes to visitors: the plan must allow deploying, and the start is recorded once. */
  start: function (e, r, site) {
    const lib = require(`${__hooks}/lib/generated/domain.js`);
    if (!e.hasSuperuserAuth() && !lib.can(site.getString('plan_tier'), 'deploy_optimization')) {
      throw new ForbiddenError('Deploying optimizations requires a paid plan. Upgrade at /pricing.');
    }
    if (!r.getString('started_at')) r.set('started_at', new Date().toISOString());
  },
};
