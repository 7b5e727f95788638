// Document text extraction (pocketbase/docs, with language detection) per format: the median time
// per MB of file over CRO_BENCH_DOC_RUNS (default 5) extractions of a document of about
// CRO_BENCH_DOC_MB (default 1) MB, measured in Go by pocketbase/cmd/doc-extract-bench (the .xls is
// the small committed fixture: no Go library writes that format).
//
// Then the decompression bombs of issue 30 (written by .bin/doc-bombs) uploaded to a real server
// and analysed one by one: per bomb, the server process's peak resident memory while it was read
// (VmHWM, reset before each bomb through /proc/<pid>/clear_refs), the peak of the child process
// that read it (from the server's 'docs: read' log line; none for a child killed by its memory
// limit) and the time the analysis took.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envNumber, memoryOf, ROOT, setup, siteFor, startServer, tail } from './lib.mjs';

export default async function docExtract(emit) {
  const args = [
    'run',
    './cmd/doc-extract-bench',
    '-mb',
    String(envNumber('CRO_BENCH_DOC_MB', 1)),
    '-runs',
    String(envNumber('CRO_BENCH_DOC_RUNS', 5)),
  ];
  const run = spawnSync('go', args, { cwd: join(ROOT, 'pocketbase'), encoding: 'utf8', env: { ...process.env, CGO_ENABLED: '0' } });
  if (run.status !== 0) throw new Error(`doc-extract-bench failed:\n${tail(run.stderr || '')}`);
  for (const line of run.stdout.trim().split('\n')) {
    const figure = JSON.parse(line);
    emit(figure.name, figure.value, figure.unit);
  }
  await bombs(emit);
}

async function bombs(emit) {
  setup();
  const dir = mkdtempSync(join(tmpdir(), 'cro-bench-bombs-'));
  const server = await startServer();
  try {
    const names = execFileSync(join(ROOT, '.bin/doc-bombs'), [dir], { encoding: 'utf8' }).trim().split('\n');
    const { owner, site } = await siteFor(server, 'bombs.bench.example.com');
    await server.admin.collection('sites').update(site.id, { plan_tier: 'starter' });
    const ids = {};
    for (const name of names) {
      const form = new FormData();
      form.append('site_id', site.id);
      form.append('user_id', owner.record.id);
      form.append('file', new Blob([readFileSync(join(dir, name))]), name);
      const doc = await owner.client.collection('documents').create(form, { requestKey: null });
      ids[doc.id] = name;
      const reset = resetPeak(server.pid);
      const started = performance.now();
      await owner.client.send(`/api/cro/documents/${doc.id}/analyze`, { method: 'POST', requestKey: null }).catch(() => null);
      const ms = performance.now() - started;
      const memory = memoryOf(server.pid);
      if (!memory) throw new Error(`the server died reading ${name}`);
      emit(`doc-bomb-${name}-server-peak-rss${reset ? '' : '-cumulative'}`, memory.peakMb, 'MB');
      emit(`doc-bomb-${name}-analysis-time`, Math.round(ms), 'ms');
    }
    for (const [id, kb] of Object.entries(await readerPeaks(server, Object.keys(ids).length))) {
      if (ids[id] && kb > 0) emit(`doc-bomb-${ids[id]}-reader-peak-rss`, Math.round(kb / 102.4) / 10, 'MB');
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Resets the process's VmHWM to its current size; false where the kernel does not allow it. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The child peaks the server logged per document ('docs: read'), once its log batch is written. */
async function readerPeaks(server, count) {
  for (let i = 0; i < 20; i++) {
    const logs = await server.admin.logs.getList(1, 100, { filter: 'message = "docs: read"' });
    if (logs.items.length >= count) return Object.fromEntries(logs.items.map((l) => [l.data.document, l.data.peakRSSKB]));
    await new Promise((r) => setTimeout(r, 500));
  }
  return {};
}
