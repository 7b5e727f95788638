// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// 'Check if Connected' for sites connected by the tracking script: the collect endpoint accepts
// events only from the site's own origins, so visits stored for the site prove the script runs on
// its domain. The site then becomes Active (tracking_verified); the DNS path keeps verify-dns.
// The check reads whole days: after a change of domain the same day's earlier visits (from the old
// domain) still count once; a change of domain resets the flag (sites.pb.js).

routerAdd(
  'POST',
  '/api/cro/verify-tracking',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const body = reply.body(e);
    if (!body || typeof body.siteId !== 'string' || !body.siteId) return reply.error(e, 400, 'siteId is required');
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, body.siteId, 'admin');

    const totals = $analytics.recentTotals(site.id, domain.TRACKING_CHECK_DAYS, site.getString('time_zone'));
    if (!(totals.sessions > 0)) {
      return e.json(200, { verified: false, message: domain.trackingNotSeenMessage(site.getString('domain')) });
    }
    // Read again in the write: the site may have changed (plan, domain...) while the totals were read.
    e.app.runInTransaction((tx) => {
      const fresh = tx.findRecordById('sites', site.id);
      const status = fresh.getString('status');
      // A pending site becomes Active; a status the owner chose (paused...) stays theirs.
      if (!fresh.getBool('tracking_verified') || !status || status === 'pending') {
        fresh.set('tracking_verified', true);
        if (!status || status === 'pending') fresh.set('status', 'active');
        tx.save(fresh);
      }
    });
    return e.json(200, { verified: true, message: domain.TRACKING_VERIFIED });
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4 << 10),
);
