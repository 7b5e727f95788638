// @ts-check
// Gathers what the AI may know about a site, from the server's own records: the Analytics report
// of the last 30 days (through $analytics, the event store), the latest dashboard scan, the enabled
// rules, the recent rollbacks, the running A/B tests with their results ($experiments), the site's
// funnels over the same days ($funnels, the Funnels screen's query) and the summaries of the 5
// latest analysed documents. src/lib/ai/grounding.ts turns it into the compact grounding.
function jsonOf(rec, field) {
  try {
    return JSON.parse(rec.getString(field) || 'null');
  } catch (_) {
    return null;
  }
}

/** The site's running experiments with their results; null when this build has no experiments. */
function runningExperiments(siteId) {
  try {
    return $experiments.running(siteId);
  } catch (_) {
    return null;
  }
}

/** The site's funnels over its last `days` days; [] when this build has no funnels. @param {core.Record} site @param {number} days */
function funnelsOf(site, days) {
  try {
    return $funnels.site(site.id, days);
  } catch (_) {
    return [];
  }
}

/** @param {core.App} app @param {core.Record} site */
function sources(app, site) {
  var domain = require(`${__hooks}/lib/generated/domain.js`);
  var report;
  try {
    report = $analytics.report(site.id, domain.GROUNDING_DAYS, site.getString('time_zone'));
  } catch (_) {
    report = null; // no event store in this build
  }
  var scan = null;
  var scans = app.findRecordsByFilter('scans', 'site_id = {:s}', '-created_at', 1, 0, { s: site.id });
  if (scans.length) {
    var result = jsonOf(scans[0], 'result') || {};
    scan = {
      scannedAt: scans[0].getString('created_at'),
      findings: (Array.isArray(result.findings) ? result.findings : []).map(function (f) {
        return { title: String(f.title), impact: String(f.impact), conversionLift: String(f.conversionLift || '') };
      }),
    };
  }
  var rules = app
    .findRecordsByFilter('optimization_rules', 'site_id = {:s} && enabled = true', '-priority,created_at', 10, 0, { s: site.id })
    .map(function (r) {
      return {
        name: r.getString('name'),
        ruleType: r.getString('rule_type'),
        rolloutPercentage: r.getInt('rollout_percentage'),
        healthStatus: r.getString('health_status'),
      };
    });
  var rollbacks = app
    .findRecordsByFilter('optimization_rollbacks', 'site_id = {:s}', '-created_at', 5, 0, { s: site.id })
    .map(function (r) {
      return { type: r.getString('rollback_type'), reason: r.getString('trigger_reason'), at: r.getString('created_at') };
    });
  return {
    domain: site.getString('domain'),
    planTier: site.getString('plan_tier') || 'free',
    report: report,
    scan: scan,
    rules: rules,
    rollbacks: rollbacks,
    experiments: runningExperiments(site.id),
    funnels: funnelsOf(site, domain.GROUNDING_DAYS),
    documents: app
      .findRecordsByFilter('documents', 'site_id = {:s} && analysis_status = "completed"', '-analyzed_at', 5, 0, { s: site.id })
      .map(function (d) {
        return { fileName: d.getString('file_name'), language: d.getString('language'), summary: d.getString('analysis_summary') };
      }),
  };
}

module.exports = {
  sources: sources,

  funnelsOf: funnelsOf,

  /** A JSON field of a record as a plain value, null when empty or unreadable. */
  jsonOf: jsonOf,

  /** The grounding of a site (src/lib/ai/grounding.ts). @param {core.App} app @param {core.Record} site */
  build: function (app, site) {
    var domain = require(`${__hooks}/lib/generated/domain.js`);
    return domain.buildGrounding(sources(app, site));
  },
};
