// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// AI Analysis ('Run Analysis'): POST /api/cro/ai/analysis {siteId} computes the four stat cards
// from the event store (the last 7 days of the Analytics report) and insight cards from the
// built-in rules (src/lib/ai/insights.ts) over the same figures and the latest scan, stores the
// analysis with its time and returns it. Growth and Enterprise only.

routerAdd(
  'POST',
  '/api/cro/ai/analysis',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    const body = reply.body(e);
    const site = require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, body && body.siteId, 'viewer', {
      required: 'Please add a site first',
      notFound: 'No site found',
    });
    require(`${__hooks}/lib/plan_gate.js`).requireCapability(e.app, site.id, 'ai_analysis');

    const report = $analytics.report(site.id, 7, site.getString('time_zone'));
    const scans = e.app.findRecordsByFilter('scans', 'site_id = {:s}', '-created_at', 1, 0, { s: site.id });
    const result = scans.length ? require(`${__hooks}/lib/ai_grounding.js`).jsonOf(scans[0], 'result') : null;
    const findings = result && Array.isArray(result.findings) ? result.findings : [];
    const insights = domain.ruleInsights(report, findings);
    const data = domain.analysisData(report);
    const record = new Record(e.app.findCollectionByNameOrId('ai_analyses'));
    record.set('site_id', site.id);
    record.set('engine', 'builtin');
    record.set('analysis_data', data);
    record.set('insights', insights);
    e.app.save(record);
    return e.json(200, {
      id: record.id,
      createdAt: record.getString('created_at'),
      engine: 'builtin',
      analysisData: data,
      insights: insights,
    });
  },
  $apis.requireAuth(),
  $apis.bodyLimit(4 << 10),
);
