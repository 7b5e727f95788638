// @ts-check
// The hooks' one way to create an in-app notification (the dashboard's bell). app may be a
// transaction, so a notification is saved or rolled back with the change it tells about.
//
//   require(`${__hooks}/lib/notify.js`).notify(tx, { user: id, site: siteId, type: 'alert', title: '...', message: '...', link: '/dashboard/safety' });
module.exports = {
  /** type: 'test', 'ai', 'alert', 'team' or 'system'; site, message and link are optional. */
  notify: function (app, n) {
    var record = new Record(app.findCollectionByNameOrId('notifications'));
    record.set('user_id', n.user);
    if (n.site) record.set('site_id', n.site);
    record.set('type', n.type);
    record.set('title', n.title);
    record.set('message', n.message || '');
    record.set('link', n.link || '');
    record.set('read', false);
    app.save(record);
    return record;
  },
};
