// @ts-check
// Mirrors a site's active members into the id lists the API rules test (member_ids,
// editor_ids, manager_ids). site_members stays the source of truth.
module.exports = {
  sync: function (app, siteId) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var site;
    try {
      site = app.findRecordById('sites', siteId);
    } catch (_) {
      return; // the site itself was deleted (cascade)
    }
    var rows = app.findRecordsByFilter('site_members', 'site_id = {:site}', '', 0, 0, { site: siteId });
    var members = rows.map(function (r) {
      return { user_id: r.getString('user_id'), role: r.getString('role'), status: r.getString('status') };
    });
    var lists = domain.accessListsFor(members);
    site.set('member_ids', lists.member_ids);
    site.set('editor_ids', lists.editor_ids);
    site.set('manager_ids', lists.manager_ids);
    app.save(site);
  },
};
