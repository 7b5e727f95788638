// @ts-check
// What the platform already knows about a site, for the dashboard scan: the last 30 days of its
// analytics rollups and its analysed documents (up to 5).
module.exports = {
  /** Totals of the last 30 days, or null when the site has no analytics yet. */
  analytics: function (app, siteId) {
    try {
      var since = new Date(Date.now() - 30 * 86400000).toISOString().slice(0, 10);
      var row = new DynamicModel({ sessions: 0, bounces: 0, conversions: 0, converted_sessions: 0 });
      app
        .db()
        .newQuery(
          'SELECT COALESCE(SUM(sessions),0) AS sessions, COALESCE(SUM(bounces),0) AS bounces, COALESCE(SUM(conversions),0) AS conversions, COALESCE(SUM(converted_sessions),0) AS converted_sessions FROM analytics_daily WHERE site_id = {:site} AND day >= {:since}',
        )
        .bind({ site: siteId, since: since })
        .one(row);
      return row.sessions > 0
        ? { sessions: row.sessions, bounces: row.bounces, conversions: row.conversions, converted_sessions: row.converted_sessions }
        : null;
    } catch (_) {
      return null; // no analytics collection in this build
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
