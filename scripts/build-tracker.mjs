// Builds the tracker (src/tracker/) into one minified script that the server embeds and serves
// per site at /t/<public key>.js. Prints its size; fails if it exceeds the gzip budget.
import { build } from 'esbuild';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'pocketbase/analytics/tracker.gen.js');
const BUDGET = 6 * 1024; // with optimization rules (issue 7)

const result = await build({
  entryPoints: [resolve(ROOT, 'src/tracker/index.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2017',
  write: false,
  legalComments: 'none',
});
const code = result.outputFiles[0].text.trim();
const gz = gzipSync(code, { level: 9 }).length;
if (gz > BUDGET) {
  console.error(`tracker: ${gz} B gzip exceeds the ${BUDGET} B budget`);
  process.exit(1);
}
if (!existsSync(OUT) || readFileSync(OUT, 'utf8') !== code) writeFileSync(OUT, code);
if (process.argv.includes('--report')) console.log(JSON.stringify({ bytes: code.length, gzip: gz }));
