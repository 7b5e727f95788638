// The page type on the corpus's tuning half, by the rule that decided it (page-type.ts
// decidePageType): each rule's pages, the ones whose type the label does not accept marked ✗. Then
// a path-blind reading: every tuning page not at its site's root moved to a path that names nothing
// (/x<id>.html), so that only its markup and structure decide; a rule that rests on file names shows
// here. The blind half is never read.
// Usage: SCAN_CORPUS_DIR=… node scripts/scan-page-type-reading.mjs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importBundled } from './import-bundled.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = process.env.SCAN_CORPUS_DIR ?? join(ROOT, '.scan-corpus');
const helpers = join(ROOT, 'tests/helpers');
const work = mkdtempSync(join(tmpdir(), 'scan-page-type-'));
try {
  const entry = join(helpers, `page-type-reading-${process.pid}.ts`);
  writeFileSync(
    entry,
    `export { parseWithGo } from './audit-pages';\nexport { computeSignals } from '../../src/lib/audit';\nexport { decidePageType } from '../../src/lib/audit/page-type';\n`,
  );
  let m;
  try {
    m = await importBundled(entry, join(work, 'entry.mjs'), helpers);
  } finally {
    rmSync(entry, { force: true });
  }
  const labels = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/scan/corpus/labels.json'), 'utf8'));
  const decide = (id, url) => {
    const page = m.parseWithGo(readFileSync(join(CORPUS, 'pages', `${id}.html`), 'utf8'), url);
    return m.decidePageType(page, m.computeSignals(page));
  };
  const accepts = (l, type) => [l.pageType, ...(l.pageTypeAlt ?? [])].includes(type);
  const byRule = new Map();
  const blind = new Map();
  for (const [id, l] of Object.entries(labels)) {
    if (l.half !== 'tune') continue;
    const d = decide(id, l.url);
    byRule.set(d.rule, [...(byRule.get(d.rule) ?? []), `${id}${accepts(l, d.type) ? '' : '✗'}`]);
    const url = new URL(l.url);
    if (url.pathname === '/') continue;
    const n = decide(id, `${url.origin}/x${id}.html`);
    const v = blind.get(l.pageType) ?? { right: 0, pages: 0, wrong: [] };
    v.pages++;
    if (accepts(l, n.type)) v.right++;
    else v.wrong.push(`${id} ${n.type} (${n.rule})`);
    blind.set(l.pageType, v);
  }
  console.log('tuning pages by the rule that typed them (✗: the label does not accept the type)');
  for (const [rule, ids] of [...byRule].sort((a, b) => b[1].length - a[1].length))
    console.log(`  ${rule.padEnd(36)} ${ids.length}  ${ids.join(' ')}`);
  console.log('path-blind: inner tuning pages typed by their content alone, by labelled type');
  for (const [type, v] of blind) console.log(`  ${type.padEnd(9)} ${v.right}/${v.pages}  ${v.wrong.join('; ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
