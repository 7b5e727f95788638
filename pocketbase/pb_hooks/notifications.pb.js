// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// 'Mark all read' in one request: marks every unread notification of the signed-in user.

routerAdd(
  'POST',
  '/api/cro/notifications/read-all',
  (e) => {
    const uid = e.auth.id;
    let count = 0;
    e.app.runInTransaction((tx) => {
      const rows = tx.findRecordsByFilter('notifications', 'user_id = {:uid} && read = false', '', 0, 0, { uid: uid });
      for (const r of rows) {
        r.set('read', true);
        tx.save(r);
        count += 1;
      }
    });
    return e.json(200, { updated: count });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
