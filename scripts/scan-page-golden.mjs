// Writes the golden Page summaries of the scan fixtures (tests/fixtures/scan/*.html) that pin
// the Go parser (pocketbase/htmlpage) to the TypeScript one (src/lib/audit/parse.ts). Run after
// changing either parser on purpose: node scripts/scan-page-golden.mjs
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const out = 'pocketbase/htmlpage/testdata';
const tmp = join(out, '.parse.cjs');
await build({
  entryPoints: ['src/lib/audit/parse.ts'],
  outfile: tmp,
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2017',
  logLevel: 'warning',
});
const { parsePage } = createRequire(import.meta.url)(join(process.cwd(), tmp));
rmSync(tmp);
mkdirSync(out, { recursive: true });
for (const file of readdirSync('tests/fixtures/scan').filter((f) => f.endsWith('.html'))) {
  const html = readFileSync(join('tests/fixtures/scan', file), 'utf8');
  const page = parsePage(html, `https://fixture.example/${file}`);
  writeFileSync(join(out, file.replace(/\.html$/, '.page.json')), `${JSON.stringify(page, null, 1)}\n`);
  console.log(file, page.elements.length, 'elements');
}
