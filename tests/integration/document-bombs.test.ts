/**
 * Decompression bombs uploaded to a real server (issue 30): the sparse sheet with a cell in column
 * XFD, ten million rows, a PDF stream of 2 GB, Office members of gigabytes and a PDF whose
 * cross-reference table asks for 96 GB. Each ends as a document with text cut at the limit or a
 * failure saying why, the server stays up, and its peak memory (VmHWM) stays under 300 MB: the
 * readers are bounded and run in a child process (pocketbase/docs). The files are written at test
 * time by `.bin/doc-bombs` (pocketbase/docs/docstest/bombs.go).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSuite } from '../helpers/suite';

const BOMBS = resolve(import.meta.dirname, '../../.bin/doc-bombs');
const MAX_TEXT = 100_000;

/** What each bomb must end as: the failure's reason, or text that contains the given words. */
const EXPECTED: Record<string, { error: string } | { text: string }> = {
  'far-cell.xlsx': { text: 'far away' },
  'far-cell-every-row.xlsx': { text: 'far away' },
  'ten-million-rows.xlsx': { text: '1' },
  'ten-million-empty-rows.xlsx': {
    error:
      'This spreadsheet has more than 200,000 rows or 2,000,000 cells before any text, more than can be analysed. Upload a smaller sheet.',
  },
  'stream-of-2-GB.pdf': {
    error: 'The pages of this PDF unpack to more than 16 MB each, more than can be analysed. Upload a smaller document.',
  },
  'xref-of-4-billion.pdf': { error: 'Reading this document needs more memory than is allowed. Upload a smaller or simpler document.' },
  'member-of-4-GB.docx': { error: 'This document unpacks to more than 64 MB, more than can be analysed. Upload a smaller document.' },
  'slide-of-2-GB.pptx': { text: 'Free shipping on every order.' },
};

let server: TestServer, owner: TestUser, siteId: string, dir: string, names: string[];

/** The server process's peak resident memory in MB (the kernel's high-water mark). */
function peakMb(pid: number): number {
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

beforeAll(async () => {
  ({ server, owner, siteId } = await startSuite({ users: ['owner'], site: 'bombs.example.com' }));
  await server.admin.collection('sites').update(siteId, { plan_tier: 'starter' });
  dir = mkdtempSync(join(tmpdir(), 'cro-bombs-'));
  names = execFileSync(BOMBS, [dir], { encoding: 'utf8' }).trim().split('\n');
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('document bombs', () => {
  const seen: string[] = [];

  it('are the ones expected', () => {
    expect([...names].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, want] of Object.entries(EXPECTED)) {
    it(`${name} ends ${'error' in want ? 'failed with its reason' : 'completed, its text within the limit'}`, async () => {
      const bytes = readFileSync(join(dir, name));
      const form = new FormData();
      form.append('site_id', siteId);
      form.append('user_id', owner.record.id);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const created = await owner.client.collection('documents').create(form, { requestKey: null });
      const res = await owner.client
        .send(`/api/cro/documents/${created.id}/analyze`, { method: 'POST', requestKey: null })
        .catch((err: { status: number; message: string }) => err);
      const doc = await server.admin.collection('documents').getOne(created.id);
      if ('error' in want) {
        expect(res).toMatchObject({ status: 422, message: want.error });
        expect(doc).toMatchObject({ analysis_status: 'failed', analysis_summary: want.error });
      } else {
        expect(res).toMatchObject({ analysisStatus: 'completed' });
        expect(doc.analysis_status).toBe('completed');
        expect(doc.extracted_text).toContain(want.text);
        expect(doc.extracted_text.length).toBeLessThanOrEqual(MAX_TEXT);
      }
      seen.push(`${name}: ${bytes.length} bytes, ${doc.analysis_status}, server peak ${peakMb(server.pid)} MB`);
    });
  }

  it('leave the server up, its peak memory under 300 MB', async () => {
    console.log(seen.join('\n'));
    expect(seen).toHaveLength(Object.keys(EXPECTED).length);
    expect(await server.exitStatus(0)).toBeNull();
    expect(await fetch(`${server.url}/api/health`).then((r) => r.status)).toBe(200);
    expect(peakMb(server.pid)).toBeLessThan(300);
  });
});
