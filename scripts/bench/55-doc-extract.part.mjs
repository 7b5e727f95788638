// Document text extraction (pocketbase/docs, with language detection) per format: the median time
// per MB of file over CRO_BENCH_DOC_RUNS (default 5) extractions of a document of about
// CRO_BENCH_DOC_MB (default 1) MB, measured in Go by pocketbase/cmd/doc-extract-bench (the .xls is
// the small committed fixture: no Go library writes that format).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { envNumber, ROOT, tail } from './lib.mjs';

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
}
