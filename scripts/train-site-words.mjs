// `npm run train:site-words`: fits the word model on the word set and the scan corpus's tuning half
// (tests/helpers/site-words-train.ts). Needs the word set's pages (TEXTSET_DIR,
// scripts/textset-restore.sh), the scan corpus (SCAN_CORPUS_DIR: its tuning pages are learned from,
// copies of its pages left out) and Go (the pages are parsed by the server's parser).
// Writes src/lib/audit/site-words-model.json; commit it, then run `npm run train:site-type`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { importBundled } from './import-bundled.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'train-site-words-'));
try {
  const helpers = resolve(ROOT, 'tests/helpers');
  const { main } = await importBundled(join(helpers, 'site-words-train.ts'), join(dir, 'site-words-train.mjs'), helpers);
  const path = resolve(ROOT, 'src/lib/audit/site-words-model.json');
  writeFileSync(path, await format(JSON.stringify(main()), { ...(await resolveConfig(path)), filepath: path }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
