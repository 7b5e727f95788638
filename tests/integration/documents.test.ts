/**
 * Documents over HTTP: every accepted format uploaded through the documents collection reaches
 * 'completed' with its text extracted in Go (the known sentence of tests/fixtures/documents) and
 * its language detected; a file over 20 MB, a renamed program and a legacy .doc are refused
 * clearly; deleting a document removes its file. Without a model the built-in engine analyses.
 * Documents are a paid feature (refused on a Free site, on upload and on analysis), and each account
 * may start CRO_DOCS_ANALYSIS_LIMIT analyses an hour. The bombs are in document-bombs.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/documents');
const SENTENCE = 'Customers abandon the checkout because the shipping costs appear too late.';

let server: TestServer, owner: TestUser, editor: TestUser, viewer: TestUser, siteId: string;

/** Uploads as the dashboard does: the record with its file, then the analysis. */
function upload(user: TestUser, site: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('site_id', site);
  form.append('user_id', user.record.id);
  form.append('file_name', name);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return user.client.collection('documents').create(form, { requestKey: null });
}

const analyze = (user: TestUser, id: string) => user.client.send(`/api/cro/documents/${id}/analyze`, { method: 'POST', requestKey: null });

const storedFile = (doc: RecordModel) => join(server.dataDir, 'storage', doc.collectionId, doc.id, doc.file as string);
const allDocuments = () => server.admin.collection('documents').getFullList();

beforeAll(async () => {
  ({ server, owner, editor, viewer, siteId } = await startSuite({
    users: ['owner', 'editor', 'viewer'],
    site: 'docs.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
  }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'starter' });
});
afterAll(async () => server?.stop());

describe('every accepted format', () => {
  for (const ext of ['pdf', 'docx', 'pptx', 'xlsx', 'xls', 'csv', 'md', 'txt']) {
    it(`.${ext} reaches Completed with its text and language`, async () => {
      const bytes = readFileSync(join(FIXTURES, `sample.${ext}`));
      const created = await upload(editor, siteId, `Q3 review.${ext}`, bytes);
      expect(created).toMatchObject({ analysis_status: 'pending', file_name: `Q3 review.${ext}`, file_size: bytes.length });
      expect(created.file_path).toMatch(new RegExp(`^${editor.record.id}/\\d{13}_Q3_review\\.${ext}$`));
      const res = await analyze(editor, created.id);
      expect(res).toMatchObject({ analysisStatus: 'completed', language: 'en' });
      const doc = await server.admin.collection('documents').getOne(created.id);
      expect(doc.analysis_status).toBe('completed');
      expect(doc.extracted_text).toContain(SENTENCE);
      expect(doc.language).toBe('en');
      expect(doc.analyzed_at).toBeTruthy();
      expect(doc.analysis_summary.length).toBeGreaterThan(20);
      expect(doc.analysis_result).toMatchObject({ engine: 'builtin', format: ext });
      expect(doc.analysis_result.keyInsights.length).toBeGreaterThan(0);
      // The fixture speaks of checkout, shipping, mobile, speed, reviews and a newsletter: the
      // built-in rules recommend the matching fixes.
      expect(doc.analysis_result.recommendations).toContain(
        'Show the full price, shipping included, before checkout and offer a guest checkout.',
      );
      expect(doc.analysis_result.opportunityScore).toBeGreaterThan(5);
      expect(doc.analysis_result.opportunityScore).toBeLessThanOrEqual(10);
    });
  }
});

describe('refused uploads', () => {
  it('a file over 20 MB, a renamed program and a name of another type are refused and nothing is stored', async () => {
    const before = (await allDocuments()).length;
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x61);
    await expect(upload(editor, siteId, 'big.txt', big)).rejects.toMatchObject({ status: 400, message: 'The file is larger than 20 MB.' });
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]); // "MZ": a Windows program
    await expect(upload(editor, siteId, 'report.pdf', exe)).rejects.toMatchObject({
      status: 400,
      message: "The file's content is not a valid .pdf file.",
    });
    await expect(upload(editor, siteId, 'setup.exe', exe)).rejects.toMatchObject({
      status: 400,
      message: 'This file type is not supported. Upload a PDF, Word, text, Markdown, CSV, Excel or PowerPoint file.',
    });
    expect(await allDocuments()).toHaveLength(before);
    const storage = join(server.dataDir, 'storage');
    const collectionId = (await server.admin.collections.getOne('documents')).id;
    const dirs = existsSync(join(storage, collectionId)) ? readdirSync(join(storage, collectionId)) : [];
    expect(dirs).toHaveLength(before);
  });

  it('a viewer cannot upload, and nothing the browser sends sets the analysis', async () => {
    const bytes = readFileSync(join(FIXTURES, 'sample.txt'));
    await expect(upload(viewer, siteId, 'notes.txt', bytes)).rejects.toMatchObject({ status: 400 });
    const form = new FormData();
    form.append('site_id', siteId);
    form.append('user_id', editor.record.id);
    form.append('file_name', 'notes.txt');
    form.append('language', 'xx');
    form.append('extracted_text', 'forged');
    form.append('file', new Blob([bytes]), 'notes.txt');
    const doc = await editor.client.collection('documents').create(form);
    expect(doc).toMatchObject({ language: '', extracted_text: '', analysis_status: 'pending' });
    await expect(analyze(viewer, doc.id)).rejects.toMatchObject({ status: 403 });
    const stranger = await server.createUser();
    await expect(analyze(stranger, doc.id)).rejects.toMatchObject({ status: 404, message: 'Document not found.' });
  });

  it('a legacy .doc is accepted as a file but fails its analysis with the reason', async () => {
    const ole = readFileSync(join(FIXTURES, 'sample.xls')); // a Compound File, as .doc files are
    const doc = await upload(editor, siteId, 'letter.doc', ole);
    await expect(analyze(editor, doc.id)).rejects.toMatchObject({
      status: 422,
      message: 'Legacy Word (.doc) files cannot be read. Save the document as .docx or PDF and upload it again.',
    });
    expect(await server.admin.collection('documents').getOne(doc.id)).toMatchObject({
      analysis_status: 'failed',
      analysis_summary: 'Legacy Word (.doc) files cannot be read. Save the document as .docx or PDF and upload it again.',
    });
  });
});

describe('deleting', () => {
  it('works in any state and removes the stored file', async () => {
    const pending = await upload(owner, siteId, 'draft.md', readFileSync(join(FIXTURES, 'sample.md')));
    expect(existsSync(storedFile(pending))).toBe(true);
    await owner.client.collection('documents').delete(pending.id);
    // PocketBase removes a deleted record's files in the background, after the delete has answered.
    await expect.poll(() => existsSync(storedFile(pending)), { timeout: 10_000 }).toBe(false);
    await expect(server.admin.collection('documents').getOne(pending.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('plan and rate limit', () => {
  const PAID_ONLY = 'Document analysis requires a paid plan. Upgrade at /pricing.';

  it('a Free site can neither upload nor analyse: the pricing page lists documents from Starter', async () => {
    const user = await server.createUser();
    const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: 'free-docs.example.com' });
    const before = (await allDocuments()).length;
    await expect(upload(user, site.id, 'notes.txt', readFileSync(join(FIXTURES, 'sample.txt')))).rejects.toMatchObject({
      status: 403,
      message: PAID_ONLY,
    });
    expect(await allDocuments()).toHaveLength(before);
    // A document from before a downgrade is not analysed either, and stays as it was.
    const old = await server.admin
      .collection('documents')
      .create({ site_id: site.id, user_id: user.record.id, file_name: 'old.txt', analysis_status: 'pending' });
    await expect(analyze(user, old.id)).rejects.toMatchObject({ status: 403, message: PAID_ONLY });
    expect((await server.admin.collection('documents').getOne(old.id)).analysis_status).toBe('pending');
  });

  it('an account may start CRO_DOCS_ANALYSIS_LIMIT analyses an hour; past it the document stays pending', async () => {
    const limited = await startPocketBase({ env: { CRO_DOCS_ANALYSIS_LIMIT: '2' } });
    try {
      const user = await limited.createUser();
      const site = await user.client.collection('sites').create({ user_id: user.record.id, domain: 'busy-docs.example.com' });
      await limited.admin.collection('sites').update(site.id, { plan_tier: 'starter' });
      const bytes = readFileSync(join(FIXTURES, 'sample.txt'));
      const docs = [];
      for (const name of ['a.txt', 'b.txt', 'c.txt']) docs.push(await upload(user, site.id, name, bytes));
      for (const doc of docs.slice(0, 2)) expect(await analyze(user, doc.id)).toMatchObject({ analysisStatus: 'completed' });
      await expect(analyze(user, docs[2]!.id)).rejects.toMatchObject({
        status: 429,
        message: 'You can analyse 2 documents an hour. Please try again later.',
      });
      expect((await limited.admin.collection('documents').getOne(docs[2]!.id)).analysis_status).toBe('pending');
    } finally {
      await limited.stop();
    }
  });
});
