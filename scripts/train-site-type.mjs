// `npm run train:site-type`: fits the site-type model on the scan corpus's tuning half
// (tests/helpers/site-type-train.ts). Needs the corpus pages (SCAN_CORPUS_DIR) and Go (the pages are
// parsed by the server's parser). Writes the rows and the weights; commit both.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';

const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'train-site-type-'));
try {
  await build({
    entryPoints: [resolve(ROOT, 'tests/helpers/site-type-train.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outdir: dir,
    logLevel: 'error',
    define: { 'import.meta.dirname': JSON.stringify(resolve(ROOT, 'tests/helpers')) },
  });
  const { main } = await import(pathToFileURL(join(dir, 'site-type-train.js')).href);
  const { rows, model } = main();
  const write = async (file, value) => {
    const path = resolve(ROOT, file);
    writeFileSync(path, await format(JSON.stringify(value), { ...(await resolveConfig(path)), filepath: path }));
  };
  await write('tests/fixtures/scan/corpus/site-type-rows.json', rows);
  await write('src/lib/audit/site-type-weights.json', model);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
