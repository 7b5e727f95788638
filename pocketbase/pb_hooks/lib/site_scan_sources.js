// @ts-check
// What the platform already knows about a site, for the dashboard scan: the last 30 days of its
// analytics rollups and its analysed documents (up to 5).
module.exports = {
  /** Totals of the last 30 days, or null when the site has no analytics yet. */
  analytics: function (app, siteId) {
    try {
      var t = $analytics.recentTotals(siteId, 30);
      return t.sessions > 0
        ? { sessions: t.sessions, bounces: t.bounces, conversions: t.conversions, converted_sessions: t.convertedSessions }
        : null;
    } catch (_) {
      return null; // no event store in this build
    }
  },

  documents: function (app, siteId) {
    var rows = app.findRecordsByFilter('documents', 'site_id = {:site} && analysis_status = "completed"', '-analyzed_at', 5, 0, {
      site: siteId,
    });
    return rows
      .map(function (r) {
        var result;
        try {
          result = JSON.parse(r.getString('analysis_result') || '{}') || {};
        } catch (_) {
          result = {};
        }
        var recs = Array.isArray(result.recommendations) ? result.recommendations.map(String) : [];
        return { file_name: r.getString('file_name'), recommendations: recs };
      })
      .filter(function (d) {
        return d.recommendations.length > 0;
      });
  },
};
