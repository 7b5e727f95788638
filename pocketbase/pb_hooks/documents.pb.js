// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Document analysis ('analyze-document'): the browser uploads through the documents collection
// (pocketbase/docs checks the file on create), then POST /api/cro/documents/{id}/analyze reads the
// stored file's text and language in Go ($docs) and analyses it: with a model configured, by the
// model with a JSON schema (validated; an unusable answer falls back to the built-in engine and says
// so), else by the built-in engine (src/lib/documents). The record ends completed or failed.
// Documents are a paid feature ('documents' in src/lib/plans.ts), checked on upload and analysis;
// each account may start CRO_DOCS_ANALYSIS_LIMIT (30) analyses an hour.

// The plan gate on upload, for members who may upload (the create rule refuses everyone else, as
// before, without learning the site's plan). Records written by a superuser pass.
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth() && e.auth) {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const siteId = e.record.getString('site_id');
    let site;
    try {
      site = e.app.findRecordById('sites', siteId);
    } catch (_) {
      site = null;
    }
    if (site && site.getStringSlice(domain.accessListForRole('editor')).indexOf(e.auth.id) >= 0) {
      require(`${__hooks}/lib/plan_gate.js`).requireCapability(e.app, siteId, 'documents');
    }
  }
  e.next();
}, 'documents');

routerAdd(
  'POST',
  '/api/cro/documents/{id}/analyze',
  (e) => {
    const domain = require(`${__hooks}/lib/generated/domain.js`);
    const reply = require(`${__hooks}/lib/http_reply.js`);
    let doc;
    try {
      doc = e.app.findRecordById('documents', e.request.pathValue('id'));
    } catch (_) {
      return reply.error(e, 404, 'Document not found');
    }
    require(`${__hooks}/lib/site_guard.js`).requireSiteRole(e, doc.getString('site_id'), 'editor', {
      notFound: 'Document not found',
      forbidden: 'Only editors can analyze documents',
    });
    require(`${__hooks}/lib/plan_gate.js`).requireCapability(e.app, doc.getString('site_id'), 'documents');
    const limit = require(`${__hooks}/lib/attempt_limit.js`);
    const perHour = limit.envLimit('CRO_DOCS_ANALYSIS_LIMIT', 30);
    if (!limit.take(e.app, 'doc-analysis:' + (e.auth ? e.auth.id : ''), perHour, 3600)) {
      return reply.error(e, 429, `You can analyse ${perHour} documents an hour. Please try again later.`);
    }

    const read = $docs.read(e.app, doc);
    if (read.busy) return reply.error(e, 503, read.error); // the document stays pending
    if (!read.ok) {
      doc.set('analysis_status', 'failed');
      doc.set('analysis_summary', read.error);
      doc.set('analysis_result', {
        keyInsights: [],
        recommendations: [],
        opportunityScore: 0,
        engine: 'builtin',
        format: read.format,
        characters: 0,
      });
      doc.set('analyzed_at', new Date().toISOString());
      e.app.save(doc);
      return reply.error(e, 422, read.error);
    }

    let analysis = null;
    let engine = 'builtin';
    if ($ai.configured()) {
      const messages = domain.documentAnalysisMessages(doc.getString('file_name'), read.language, read.text);
      const answer = $ai.completeJSON(messages, domain.DOCUMENT_ANALYSIS_SCHEMA_NAME, domain.DOCUMENT_ANALYSIS_SCHEMA);
      analysis = answer.ok ? domain.parseDocumentAnalysis(answer.content) : null;
      engine = analysis ? 'model' : 'builtin-fallback';
      if (!analysis) console.warn('document analysis: the model answer was unusable', answer.status, answer.error);
    }
    if (!analysis) analysis = domain.builtinDocumentAnalysis(read.text);

    doc.set('analysis_status', 'completed');
    doc.set('analysis_summary', analysis.summary);
    doc.set('language', read.language);
    doc.set('extracted_text', read.text);
    doc.set('analysis_result', {
      keyInsights: analysis.keyInsights,
      recommendations: analysis.recommendations,
      opportunityScore: analysis.opportunityScore,
      engine: engine,
      format: read.format,
      characters: read.text.length,
    });
    doc.set('analyzed_at', new Date().toISOString());
    e.app.save(doc);
    return e.json(200, {
      id: doc.id,
      analysisStatus: 'completed',
      language: read.language,
      summary: analysis.summary,
      result: doc.get('analysis_result'),
    });
  },
  $apis.requireAuth(),
  $apis.bodyLimit(1 << 10),
);
