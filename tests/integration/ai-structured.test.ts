/**
 * The model's structured answers over HTTP: with a model configured, 'Run Analysis' and the
 * document analysis ask it with a JSON schema (response_format json_schema) and use its answer
 * only when it validates; an invalid or non-JSON answer falls back to the built-in engine, which
 * the stored record says ('builtin-fallback'). The chat's grounding carries the documents.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinDocumentAnalysis } from '../../src/lib/documents/analysis';
import { startModelStandIn, type ModelRequest, type ModelStandIn } from '../helpers/model-standin';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';
import { batch, post, rid } from './analytics/helpers';
import type { RecordModel } from 'pocketbase';

let server: TestServer, owner: TestUser, site: RecordModel, siteId: string, model: ModelStandIn;

const FIXTURE = readFileSync(join(resolve(import.meta.dirname, '../fixtures/documents'), 'sample.txt'));
const RULE_TITLES = ['Conversion rate below 1%', 'High bounce on /'];

const runAnalysis = () => owner.client.send('/api/cro/ai/analysis', { method: 'POST', body: { siteId }, requestKey: null });
const lastRequest = (): ModelRequest => model.requests[model.requests.length - 1]!;

async function uploadAndAnalyze(name: string) {
  const form = new FormData();
  form.append('site_id', siteId);
  form.append('user_id', owner.record.id);
  form.append('file_name', name);
  form.append('file', new Blob([FIXTURE]), name);
  const doc = await owner.client.collection('documents').create(form);
  await owner.client.send(`/api/cro/documents/${doc.id}/analyze`, { method: 'POST', requestKey: null });
  return server.admin.collection('documents').getOne(doc.id);
}

beforeAll(async () => {
  model = await startModelStandIn();
  ({ server, owner, site, siteId } = await startSuite({ users: ['owner'], site: 'shop.example.com', env: model.env }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'growth' });
  const t = Date.now();
  for (let i = 0; i < 24; i++) {
    expect((await post(server, batch(site.public_key, [{ t: 'pv', ts: t + i, p: '/' }], { v: rid('v'), s: rid('s') }))).status).toBe(202);
  }
});
afterAll(async () => {
  await server?.stop();
  await model?.stop();
});

describe('Run Analysis with a model', () => {
  it("asks with the insight cards' JSON schema and shows the model's valid cards", async () => {
    model.structured = 'valid';
    const res = await runAnalysis();
    const req = lastRequest();
    expect(req.body.stream).toBe(false);
    expect(req.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'insight_cards', strict: true } });
    const item = (req.body.response_format!.json_schema!.schema as { properties: { insights: { items: { required: string[] } } } })
      .properties.insights.items;
    expect(item.required).toEqual(['title', 'description', 'impact', 'confidence', 'expectedLift', 'category']);
    expect(req.body.messages[0]!.content).toContain('Visitors 24; sessions 24;');
    expect(res.engine).toBe('model');
    expect(res.insights).toEqual([
      expect.objectContaining({ title: 'Stand-in model: shorten the checkout', impact: 'high', confidence: 82, category: 'checkout' }),
      expect.objectContaining({ title: 'Stand-in model: add reviews near the buy button', expectedLift: '2-6%' }),
    ]);
    expect(res.insights[0].description).toContain('Grounded in Visitors 24;');
    const stored = await owner.client.collection('ai_analyses').getList(1, 1, { sort: '-created_at' });
    expect(stored.items[0]).toMatchObject({ engine: 'model', insights: res.insights });
  });

  it('falls back to the built-in rules, and says so, when the answer breaks the schema, is not JSON or holds markup', async () => {
    for (const mode of ['invalid', 'not-json', 'markup'] as const) {
      model.structured = mode;
      const before = model.requests.length;
      const res = await runAnalysis();
      expect(model.requests.length).toBe(before + 1);
      expect(res.engine).toBe('builtin-fallback');
      expect(res.insights.map((i: { title: string }) => i.title)).toEqual(RULE_TITLES);
      const stored = await owner.client.collection('ai_analyses').getList(1, 1, { sort: '-created_at' });
      expect(stored.items[0]!.engine).toBe('builtin-fallback');
      expect(JSON.stringify(stored.items[0]!.insights)).not.toContain('<img');
    }
  });
});

describe('document analysis with a model', () => {
  it("uses the model's valid analysis of the extracted text", async () => {
    model.structured = 'valid';
    const doc = await uploadAndAnalyze('Q3 review.txt');
    const req = lastRequest();
    expect(req.body.response_format?.json_schema?.name).toBe('document_analysis');
    expect(req.body.messages[1]!.content).toContain('Customers abandon the checkout because the shipping costs appear too late.');
    expect(doc).toMatchObject({
      analysis_status: 'completed',
      language: 'en',
      analysis_summary: 'Stand-in model summary of: Quarterly review of the online store and its conversion funnel.',
    });
    expect(doc.analysis_result).toMatchObject({
      engine: 'model',
      opportunityScore: 7.5,
      recommendations: ['Show the shipping costs on the product page.'],
    });
  });

  it('falls back to the built-in engine when the answer is invalid', async () => {
    model.structured = 'invalid';
    const doc = await uploadAndAnalyze('Q4 review.txt');
    expect(doc.analysis_status).toBe('completed');
    expect(doc.analysis_result.engine).toBe('builtin-fallback');
    const builtin = builtinDocumentAnalysis(doc.extracted_text);
    expect(doc.analysis_summary).toBe(builtin.summary);
    expect(doc.analysis_result).toMatchObject({ keyInsights: builtin.keyInsights, recommendations: builtin.recommendations });
  });

  it("puts the latest documents' summaries in the chat's grounding", async () => {
    const res = await fetch(`${server.url}/api/cro/ai/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: owner.client.authStore.token },
      body: JSON.stringify({ siteId, messages: [{ role: 'user', content: 'What did my documents find?' }] }),
    });
    expect(res.status).toBe(200);
    await res.text();
    const system = lastRequest().body.messages[0]!.content;
    expect(system).toContain('## Analysed documents');
    expect(system).toContain('Q3 review.txt (en): Stand-in model summary of: Quarterly review');
    expect(system).toContain('Q4 review.txt (en): ');
    expect(system).toContain('## Experiments: none');
  });
});
