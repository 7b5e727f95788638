// @ts-check
// The hooks' one role check: loads the site a request acts on and checks the signed-in user's
// role on it, with the id lists the API rules use (src/lib/roles.ts). It throws PocketBase API
// errors whose wording each route keeps as its own (clients show these messages).
//
//   const guard = require(`${__hooks}/lib/site_guard.js`);
//   const site = guard.requireSiteRole(e, body.siteId, 'editor', { forbidden: 'Only editors ...' });
var RECORD_ID = /^[a-z0-9]{15}$/;

function apiError(status, message) {
  if (status === 400) return new BadRequestError(message);
  if (status === 403) return new ForbiddenError(message);
  return new NotFoundError(message);
}

/** Whether userId is an active member of site with at least minRole. */
function holds(site, userId, minRole) {
  var domain = require(`${__hooks}/lib/generated/domain.js`);
  return site.getStringSlice(domain.accessListForRole(minRole)).indexOf(userId) >= 0;
}

module.exports = {
  /**
   * The site siteId if the signed-in user holds at least minRole on it ('viewer', 'editor' or
   * 'admin'); otherwise throws:
   * - a missing or malformed id: 400 options.required, or when not given the not-found error;
   * - no such site, or the user is not one of its members: options.notFound (404 unless
   *   options.notFoundStatus says otherwise), so a stranger never learns that a site exists;
   * - a lower role: 403 options.forbidden.
   * options.superusers: superusers pass whatever their membership.
   */
  requireSiteRole: function (e, siteId, minRole, options) {
    var o = options || {};
    var notFound = apiError(o.notFoundStatus || 404, o.notFound || 'Site not found');
    if (typeof siteId !== 'string' || !RECORD_ID.test(siteId)) throw o.required ? new BadRequestError(o.required) : notFound;
    var site;
    try {
      site = e.app.findRecordById('sites', siteId);
    } catch (_) {
      throw notFound;
    }
    if (o.superusers && e.hasSuperuserAuth()) return site;
    var uid = e.auth ? e.auth.id : '';
    if (!uid || !holds(site, uid, 'viewer')) throw notFound;
    if (!holds(site, uid, minRole)) throw new ForbiddenError(o.forbidden || 'Your role on this site does not allow this');
    return site;
  },
};
