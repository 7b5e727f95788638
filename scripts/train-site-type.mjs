// `npm run train:site-type`: fits the site-type model on the scan corpus's tuning half
// (tests/helpers/site-type-train.ts). Needs the corpus pages (SCAN_CORPUS_DIR), the word set's pages
// (TEXTSET_DIR: each row's 'its words' sign comes from a word model that never saw the page's
// family) and Go (the pages are parsed by the server's parser). Writes the rows and the weights; commit both.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { importBundled } from './import-bundled.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'train-site-type-'));
try {
  const helpers = resolve(ROOT, 'tests/helpers');
  const { main } = await importBundled(join(helpers, 'site-type-train.ts'), join(dir, 'site-type-train.mjs'), helpers);
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
