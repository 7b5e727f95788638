// @ts-check
// Plan gating on the server: what a site's plan allows (the capability table of
// src/lib/plans.ts). Hooks of paid features call requireCapability() before doing the work:
//
//   const gate = require(`${__hooks}/lib/plan_gate.js`);
//   gate.requireCapability(e.app, siteId, 'ai_analysis'); // throws 403 with the upgrade message
module.exports = {
  /** The plan tier of a site ('free' when missing or unknown). */
  siteTier: function (app, siteId) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    try {
      return domain.normalizeTier(app.findRecordById('sites', siteId).getString('plan_tier'));
    } catch (_) {
      return 'free';
    }
  },

  can: function (app, siteId, capability) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    return domain.can(module.exports.siteTier(app, siteId), capability);
  },

  /** Throws a 403 ApiError naming the plan needed when the site's plan lacks the capability. */
  requireCapability: function (app, siteId, capability) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var tier = module.exports.siteTier(app, siteId);
    if (!domain.can(tier, capability)) {
      throw new ForbiddenError(domain.upgradeMessage(capability), {
        capability: capability,
        current_tier: tier,
        required_tier: domain.requiredTier(capability),
      });
    }
  },
};
