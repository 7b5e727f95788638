// @ts-check
// Runs a website scan: the guarded Go fetcher ($safefetch) gets and parses the page and measures
// its stylesheets and scripts, the shared TypeScript audit judges them, the result is stored in
// `scans` and reused for CACHE_SECONDS. Stored URLs keep scheme, host and path only (no query
// string or fragment: they often carry personal data).
var CACHE_SECONDS = 600;
var HTTP_STATUS = {
  invalid_url: 400,
  port_refused: 400,
  refused_address: 400,
  unreachable: 422,
  timeout: 422,
  too_many_redirects: 422,
  http_status: 422,
  not_html: 422,
  too_large: 422,
};

/**
 * @typedef {{ ok: false, status: number, code: string, message: string }} ScanFailure
 * @typedef {{ ok: true, result: import('./generated/domain').AuditResult, scannedAt: string, cached: boolean }} ScanDone
 */

/**
 * The site's home page for an inner page (domain.readHome: the root, then the page's own home
 * link), parsed, within the home's smaller budget; undefined when it cannot be read.
 */
function readHome(domain, parsed) {
  return domain.readHome(parsed, function (url) {
    var got = $safefetch.homePage(url);
    return got.ok === true ? { ok: true, page: JSON.parse(got.page) } : { ok: false, code: got.code };
  });
}

function sinceText(seconds) {
  return new Date(Date.now() - seconds * 1000).toISOString().replace('T', ' ');
}

/** @returns {ScanDone} */
function fromRecord(r) {
  return { ok: true, result: JSON.parse(r.getString('result') || '{}'), scannedAt: r.getString('created_at'), cached: true };
}

module.exports = {
  CACHE_SECONDS: CACHE_SECONDS,

  /**
   * {ok, url} or {ok: false, status, message}.
   * @returns {{ ok: true, url: string } | ScanFailure}
   */
  normalize: function (raw) {
    var n = $safefetch.normalize(String(raw));
    if (n.ok === false) return { ok: false, status: HTTP_STATUS[n.code] || 400, code: n.code, message: n.message };
    return n;
  },

  /**
   * The newest stored scan of url younger than the cache time, or null.
   * @returns {ScanDone | null}
   */
  cached: function (app, url, source, siteId) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    url = domain.urlForStorage(url);
    var filter = 'url = {:url} && source = {:source} && created_at >= {:since}' + (siteId ? ' && site_id = {:site}' : '');
    var rows = app.findRecordsByFilter('scans', filter, '-created_at', 1, 0, {
      url: url,
      source: source,
      since: sinceText(CACHE_SECONDS),
      site: siteId || '',
    });
    return rows.length ? fromRecord(rows[0]) : null;
  },

  /**
   * Fetches and audits url; {ok, result, scannedAt} or {ok: false, status, code, message}.
   * options.siteType: the type decided on the site's home page (the signed-in scan's other pages),
   * options.siteTypeConfidence its probability (absent: the type is taken as decided). Without it an
   * inner page's site is typed from the page and the site's home page together (readHome).
   * @returns {ScanDone | ScanFailure}
   */
  scan: function (app, url, source, siteId, options) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    var started = Date.now();
    var page = $safefetch.page(url);
    if (page.ok === false) return { ok: false, status: HTTP_STATUS[page.code] || 422, code: page.code, message: page.message };
    var parsed = JSON.parse(page.page); // parsed in Go: see pocketbase/htmlpage
    var refs = domain.assetReferences(parsed).slice(0, 20);
    if (refs.length) {
      var sizes = $safefetch.assetSizes(refs);
      var clean = {};
      for (var k in sizes) clean[k] = Number(sizes[k]);
      parsed.assetSizes = clean;
    }
    // A type the signed-in scan decided from the site's pages stands; otherwise an inner page's site is typed with its home's signs.
    var result = domain.auditPage(
      parsed,
      options && options.siteType
        ? { siteType: options.siteType, siteTypeConfidence: options.siteTypeConfidence }
        : { home: readHome(domain, parsed) },
    );
    result.url = domain.urlForStorage(result.url);
    if (result.siteTypeHome) result.siteTypeHome = domain.urlForStorage(result.siteTypeHome);
    result.rendered = page.rendered === true;
    var record = new Record(app.findCollectionByNameOrId('scans'));
    record.set('url', domain.urlForStorage(url));
    record.set('final_url', domain.urlForStorage(page.url));
    record.set('source', source);
    if (siteId) record.set('site_id', siteId);
    record.set('site_type', result.siteType);
    record.set('total', result.findings.length);
    record.set('lift_min', result.expectedLift.min);
    record.set('lift_max', result.expectedLift.max);
    record.set('result', result);
    record.set('html_bytes', page.bytes);
    record.set('duration_ms', Date.now() - started);
    app.save(record);
    return { ok: true, result: result, scannedAt: record.getString('created_at'), cached: false };
  },
};
