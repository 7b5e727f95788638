// @ts-check
// Mirrors a site's active members into the id lists the API rules test (member_ids,
// editor_ids, manager_ids). site_members stays the source of truth. On a site that requires
// two-step sign-in (require_mfa), members without it are left out of every list.
function mfaEnabled(app, userId) {
  try {
    return app.findRecordById('users', userId).getBool('mfa_enabled');
  } catch (_) {
    return false;
  }
}

module.exports = {
  sync: function (app, siteId) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var site;
    try {
      site = app.findRecordById('sites', siteId);
    } catch (_) {
      return; // the site itself was deleted (cascade)
    }
    var requireMfa = site.getBool('require_mfa');
    var rows = app.findRecordsByFilter('site_members', 'site_id = {:site}', '', 0, 0, { site: siteId });
    var members = rows.map(function (r) {
      var userId = r.getString('user_id');
      return {
        user_id: userId,
        role: r.getString('role'),
        status: r.getString('status'),
        mfa_enabled: requireMfa && userId ? mfaEnabled(app, userId) : false,
      };
    });
    var lists = domain.accessListsFor(members, requireMfa);
    site.set('member_ids', lists.member_ids);
    site.set('editor_ids', lists.editor_ids);
    site.set('manager_ids', lists.manager_ids);
    app.save(site);
  },

  /** Re-mirrors every site userId is an active member of that requires two-step sign-in. */
  syncRequiringSitesOf: function (app, userId) {
    var rows = app.findRecordsByFilter('site_members', 'user_id = {:user} && status = "active" && site_id.require_mfa = true', '', 0, 0, {
      user: userId,
    });
    rows.forEach(function (r) {
      module.exports.sync(app, r.getString('site_id'));
    });
  },
};
