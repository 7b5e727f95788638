// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// The dashboard's website scan (Overview): scans the site's own domain (the home page, then a
// product or pricing page, the cart and the contact page found by its links: up to 5 pages, each
// fetched through the guarded fetcher), adds findings from the site's analytics and analysed
// documents, and returns as many as the plan allows (scanResultLimit: free 3, paid up to 30) with
// the total for the unlock banner. Each finding says on which page it is.

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

    // The other pages, judged as pages of a site of the home page's type until all are read; one that fails is skipped.
    /** @type {import('./lib/generated/domain').ScannedPage[]} */
    const pages = [{ url: scan.result.url, role: 'home', result: scan.result }];
    const queue = domain.pagesToScan(scan.result.siteLinks || []);
    const seen = { [scan.result.url]: true };
    for (let i = 0; i < queue.length && pages.length < domain.SITE_SCAN_MAX_PAGES; i++) {
      const link = queue[i];
      const target = runner.normalize(link.url);
      if (target.ok === false || seen[target.url]) continue;
      seen[target.url] = true;
      const got =
        runner.cached(e.app, target.url, 'dashboard', site.id) ||
        runner.scan(e.app, target.url, 'dashboard', site.id, {
          siteType: scan.result.siteType,
          siteTypeConfidence: scan.result.siteTypeConfidence,
        });
      if (got.ok !== true) continue;
      pages.push({ url: got.result.url, role: link.role, result: got.result });
      // A listing leads to a product page when the home page linked to none.
      const product = link.role === 'category' ? (got.result.siteLinks || []).find((l) => l.role === 'product') : null;
      if (product) queue.splice(i + 1, 0, product);
    }

    // The site's type from all the pages read (a maker's home page may say little that its shop
    // page does not); pages judged as another type are audited again as pages of this one.
    const decided = domain.siteDecisionOfPages(pages.map((p) => p.result));
    const siteType = decided.siteType;
    for (let i = 0; i < pages.length; i++) {
      if (pages[i].result.siteType === siteType) continue;
      const target = runner.normalize(pages[i].url);
      const again =
        target.ok === false
          ? null
          : runner.scan(e.app, target.url, 'dashboard', site.id, { siteType: siteType, siteTypeConfidence: decided.confidence });
      if (again && again.ok === true) pages[i] = { url: again.result.url, role: pages[i].role, result: again.result };
    }
    const home = pages[0].result;

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
    const siteFindings = domain.combineSitePages(pages);
    const all = domain.combineFindings(Object.assign({}, home, { findings: siteFindings }), extra).slice(0, domain.SCAN_MAX_RESULTS);
    const limit = domain.scanResultLimit(site.getString('plan_tier'));
    const shown = all.slice(0, limit);
    return e.json(200, {
      siteType: home.siteType,
      siteTypeLabel: home.siteTypeLabel,
      url: home.url,
      pages: pages.map((p) => ({ url: p.url, role: p.role })),
      expectedLift: home.liftEstimated === false ? domain.NO_LIFT_TEXT : domain.formatLift(home.expectedLift.min, home.expectedLift.max),
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
