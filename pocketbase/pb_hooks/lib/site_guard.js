// @ts-check
// Loads the site a custom route acts on and checks the signed-in user's role on it, with the
// same lists the API rules use. Throws PocketBase API errors (400 / 404 / 403).
var LEVELS = { member: 'member_ids', editor: 'editor_ids', manager: 'manager_ids' };

module.exports = {
  /** level: 'member' (any role), 'editor' (owner, admin, editor) or 'manager' (owner, admin). */
  load: function (e, siteId, level) {
    if (typeof siteId !== 'string' || !/^[a-z0-9]{15}$/.test(siteId)) throw new BadRequestError('siteId is required');
    var site;
    try {
      site = e.app.findRecordById('sites', siteId);
    } catch (_) {
      throw new NotFoundError('Site not found');
    }
    var uid = e.auth ? e.auth.id : '';
    if (!uid || site.getStringSlice('member_ids').indexOf(uid) < 0) throw new NotFoundError('Site not found');
    if (site.getStringSlice(LEVELS[level || 'member']).indexOf(uid) < 0) {
      throw new ForbiddenError('Your role on this site does not allow this');
    }
    return site;
  },
};
