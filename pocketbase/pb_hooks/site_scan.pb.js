// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The dashboard's website scan (Overview): scans the site's own domain, adds findings from the
// site's analytics and analysed documents, and returns as many as the plan allows
// (scanResultLimit: free 3, paid up to 30) with the total for the unlock banner.

routerAdd(
  'POST',
  '/api/cro/site-scan',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const limits = require(`${__hooks}/lib/scan_limits.js`);
    const runner = require(`${__hooks}/lib/scan_run.js`);
    const extras = require(`${__hooks}/lib/site_scan_sources.js`);

    const body = reply.body(e);
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, body && body.siteId, 'viewer', { notFound: 'No site found.' });
    if (!limits.take(e.app, 'user:' + e.auth.id)) {
      return reply.error(e, 429, 'Too many scans. Please wait a few minutes and try again.');
    }

    // https first; a site that cannot be reached over https is tried over http.
    let scan = null;
    let failure = null;
    for (const scheme of ['https://', 'http://']) {
      const target = runner.normalize(scheme + site.getString('domain'));
      if (target.ok === false) {
        failure = target;
        break;
      }
      scan = runner.cached(e.app, target.url, 'dashboard', site.id) || runner.scan(e.app, target.url, 'dashboard', site.id);
      if (scan.ok === true) break;
      failure = scan;
      scan = null;
      if (failure.code !== 'unreachable' && failure.code !== 'timeout') break;
    }
    if (!scan) return reply.error(e, failure.status, failure.message, { code: failure.code });

    /** @type {string[]} */
    const sources = [domain.SCAN_SOURCES.audit];
    let extra = [];
    const analytics = extras.analytics(e.app, site.id);
    if (analytics) {
      sources.push(domain.SCAN_SOURCES.analytics);
      extra = extra.concat(domain.analyticsFindings(analytics));
    }
    const docs = extras.documents(e.app, site.id);
    if (docs.length) {
      sources.push(domain.SCAN_SOURCES.documents);
      extra = extra.concat(domain.documentFindings(docs));
    }
    const all = domain.combineFindings(scan.result, extra).slice(0, domain.SCAN_MAX_RESULTS);
    const limit = domain.scanResultLimit(site.getString('plan_tier'));
    const shown = all.slice(0, limit);
    return e.json(200, {
      siteType: scan.result.siteType,
      siteTypeLabel: scan.result.siteTypeLabel,
      url: scan.result.url,
      expectedLift:
        scan.result.liftEstimated === false
          ? domain.NO_LIFT_TEXT
          : domain.formatLift(scan.result.expectedLift.min, scan.result.expectedLift.max),
      totalFindings: all.length,
      limit: limit,
      opportunities: shown,
      lockedCount: all.length - shown.length,
      sources: sources,
      scannedAt: scan.scannedAt,
      cached: scan.cached,
    });
  },
  $apis.requireAuth(),
  $apis.bodyLimit(4 << 10),
);
