// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The free website scan (landing widget and /website-scan): no account, rate-limited per client,
// cached per URL for 10 minutes. The dashboard's site scan lives in site_scan.pb.js.

routerAdd(
  'POST',
  '/api/cro/scan',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const limits = require(`${__hooks}/lib/scan_limits.js`);
    const runner = require(`${__hooks}/lib/scan_run.js`);

    // A client over its limit is refused before its body is read (the route's body limit keeps
    // that to a few KB anyway); a scan is counted only once the input is valid.
    const tooMany = () => reply.error(e, 429, 'Too many scans from your network. Please wait a few minutes and try again.');
    const client = 'ip:' + e.realIP();
    if (limits.exhausted(e.app, client)) return tooMany();
    const body = reply.body(e);
    if (!body || typeof body.url !== 'string' || !body.url.trim()) {
      return reply.error(e, 400, 'Please enter a website URL to scan.');
    }
    const target = runner.normalize(body.url);
    if (target.ok === false) return reply.error(e, target.status, target.message, { code: target.code });
    if (!limits.take(e.app, client)) return tooMany();

    /** @type {import('./lib/scan_run.js').ScanDone | import('./lib/scan_run.js').ScanFailure} */
    let scan = runner.cached(e.app, target.url, 'public', '');
    if (!scan) {
      scan = runner.scan(e.app, target.url, 'public', '');
      if (scan.ok === false) return reply.error(e, scan.status, scan.message, { code: scan.code });
    }
    return e.json(200, domain.toScanResponse(scan.result, scan.scannedAt, scan.cached));
  },
  $apis.bodyLimit(4 << 10),
);

// Public scans are only a cache: drop those older than 30 days every night (dashboard scans stay
// as the site's history until the site is deleted).
cronAdd('cro-scans-cleanup', '17 3 * * *', () => {
  const before = new Date(Date.now() - 30 * 86400000).toISOString().replace('T', ' ');
  $app.db().newQuery("DELETE FROM scans WHERE source = 'public' AND created_at < {:before}").bind({ before: before }).execute();
});
