// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// AI Analysis ('Run Analysis'): POST /api/cro/ai/analysis {siteId} computes the four stat cards
// from the event store (the last 7 days of the Analytics report) and insight cards: with a model
// configured, the model's, asked for with a JSON schema over the site's grounding and validated
// (src/lib/ai/insight-cards.ts); otherwise, or when its answer is unusable ('builtin-fallback'),
// the built-in rules (src/lib/ai/insights.ts) over the same figures, the site's funnels over the
// same 7 days (the Funnels screen's figures) and the latest scan. It stores
// the analysis with its time and engine and returns it. Growth and Enterprise only.

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
    const data = domain.analysisData(report);
    let insights = null;
    let engine = 'builtin';
    if ($ai.configured()) {
      const grounding = require(`${__hooks}/lib/ai_grounding.js`).build(e.app, site);
      const messages = domain.insightCardsMessages(domain.groundingPrompt(grounding), data);
      const answer = $ai.completeJSON(messages, domain.INSIGHT_CARDS_SCHEMA_NAME, domain.INSIGHT_CARDS_SCHEMA);
      insights = answer.ok ? domain.parseInsightCards(answer.content) : null;
      engine = insights ? 'model' : 'builtin-fallback';
      if (!insights) console.warn('AI analysis: the model answer was unusable', answer.status, answer.error);
    }
    if (!insights) insights = domain.ruleInsights(report, findings, require(`${__hooks}/lib/ai_grounding.js`).funnelsOf(site, 7));
    const record = new Record(e.app.findCollectionByNameOrId('ai_analyses'));
    record.set('site_id', site.id);
    record.set('engine', engine);
    record.set('analysis_data', data);
    record.set('insights', insights);
    e.app.save(record);
    return e.json(200, {
      id: record.id,
      createdAt: record.getString('created_at'),
      engine: engine,
      analysisData: data,
      insights: insights,
    });
  },
  $apis.requireAuth(),
  $apis.bodyLimit(4 << 10),
);
