// First-sight precision of the scan's checks: each corpus round's tuning pages scored by the checks
// as they were at the commit that labelled them (before any check changed for them), against
// today's labels. The tuning half's own precision is fitted; this is the better proxy for pages of
// families nobody has seen. A round is the first commit whose labels name a page; the commit's
// src/lib/audit and Go parser (pocketbase/htmlpage) are taken with `git archive`, so the working
// tree is not touched. Prints each round's figures and the false findings by check, most first.
// FIRST_SIGHT_DETAIL=1 also lists each false finding with its page and the type given against the label's
// (a check scoped to site types firing on a mistyped page, or a misread of the page's structure).
// FIRST_SIGHT_ROUNDS=3 replays only the last three rounds (the round-out reading: each round's tuning
// pages judged by checks that had not met them, with recall and page type as well as precision).
// Usage: SCAN_CORPUS_DIR=… node scripts/scan-first-sight.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importBundled as bundle } from './import-bundled.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = process.env.SCAN_CORPUS_DIR ?? join(ROOT, '.scan-corpus');
const LABELS = 'tests/fixtures/scan/corpus';
const git = (...args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
const labelsAt = (commit, file) => {
  try {
    return JSON.parse(git('show', `${commit}:${LABELS}/${file}`));
  } catch {
    return {}; // labels-blind.json came with the sixth round
  }
};

// Today's tuning labels and scored checks (from the current helper).
const work = mkdtempSync(join(tmpdir(), 'scan-first-sight-'));
const now = await bundle(join(ROOT, 'tests/helpers/scan-corpus.ts'), join(work, 'now.mjs'), join(ROOT, 'tests/helpers'));
const tune = new Map(
  now
    .corpusLabels()
    .filter((l) => l.half === 'tune')
    .map((l) => [l.id, l]),
);

// Rounds: the commits that first named each page.
const rounds = [];
const seen = new Set();
for (const c of git('log', '--reverse', '--format=%h', '--', `${LABELS}/labels.json`, `${LABELS}/labels-blind.json`)
  .split('\n')
  .filter(Boolean)) {
  const ids = [...Object.keys(labelsAt(c, 'labels.json')), ...Object.keys(labelsAt(c, 'labels-blind.json'))].filter((id) => !seen.has(id));
  ids.forEach((id) => seen.add(id));
  const mine = ids.filter((id) => tune.has(id));
  if (mine.length) rounds.push({ commit: c, ids: mine });
}
const lastRounds = Number(process.env.FIRST_SIGHT_ROUNDS ?? 0);
if (lastRounds > 0) rounds.splice(0, Math.max(0, rounds.length - lastRounds));

const ENTRY = `import { ALL_CHECKS, auditPage } from '../../src/lib/audit';
export function run(pages) {
  const scope = Object.fromEntries(ALL_CHECKS.map((c) => [c.id, { siteTypes: c.siteTypes ?? null, pageTypes: c.pageTypes ?? null }]));
  return { scope, out: pages.map(({ id, page }) => { const r = auditPage({ ...page, assetSizes: {} });
    return { id, siteType: r.siteType, pageType: r.pageType, findings: r.findings.map((f) => f.id) }; }) };
}`;

const byCheck = new Map();
const add = (id, k) => {
  const v = byCheck.get(id) ?? { tp: 0, fp: 0, fn: 0 };
  v[k]++;
  byCheck.set(id, v);
};
const go = existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : 'go';
const parsers = new Map();
// The first round's checks had met no real page; the later rounds' had met the rounds before.
const later = { tp: 0, fp: 0 };
try {
  for (const { commit, ids } of rounds) {
    const dir = join(work, commit);
    mkdirSync(dir);
    execFileSync(
      'sh',
      [
        '-c',
        `git archive ${commit} src/lib tests/helpers pocketbase/go.mod pocketbase/go.sum pocketbase/htmlpage pocketbase/cmd/htmlpage | tar -x -C ${dir}`,
      ],
      { cwd: ROOT },
    );
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const tree = git('rev-parse', `${commit}:pocketbase/htmlpage`).trim();
    if (!parsers.has(tree)) {
      const bin = join(work, `htmlpage-${tree}`);
      execFileSync(go, ['build', '-o', bin, './cmd/htmlpage'], { cwd: join(dir, 'pocketbase'), env: { ...process.env, CGO_ENABLED: '0' } });
      parsers.set(tree, bin);
    }
    writeFileSync(join(dir, 'tests/helpers/first-sight-entry.ts'), ENTRY);
    const old = await bundle(join(dir, 'tests/helpers/first-sight-entry.ts'), join(dir, 'entry.mjs'), join(dir, 'tests/helpers'));
    const pages = ids.map((id) => ({
      id,
      page: JSON.parse(
        execFileSync(parsers.get(tree), [tune.get(id).url], {
          input: readFileSync(join(CORPUS, 'pages', `${id}.html`)),
          encoding: 'utf8',
          maxBuffer: 256 << 20,
        }),
      ),
    }));
    const { scope, out } = old.run(pages);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let pageTypes = 0;
    for (const r of out) {
      // Scored as tests/helpers/scan-corpus.ts scores, with the checks' scope of that commit.
      const l = tune.get(r.id);
      const siteRight = [l.siteType, ...(l.siteTypeAlt ?? [])].includes(r.siteType);
      const pageRight = [l.pageType, ...(l.pageTypeAlt ?? [])].includes(r.pageType);
      const st = siteRight ? r.siteType : l.siteType;
      const pt = pageRight ? r.pageType : l.pageType;
      if (pageRight) pageTypes++;
      else if (process.env.FIRST_SIGHT_DETAIL) console.log(`  ${commit} ${r.id} page type ${r.pageType}, labelled ${l.pageType}`);
      const scored = now.SCORED.filter((id) => !l.unsure.includes(id));
      const applies = (id) =>
        scope[id] &&
        (!scope[id].siteTypes || scope[id].siteTypes.includes(st)) &&
        (!scope[id].pageTypes || scope[id].pageTypes.includes(pt));
      const expected = l.facts.filter((id) => scored.includes(id) && applies(id));
      const got = r.findings.filter((id) => scored.includes(id));
      for (const id of got) {
        const right = expected.includes(id);
        if (!right && process.env.FIRST_SIGHT_DETAIL)
          console.log(
            `  ${commit} ${r.id} ${id}: typed ${r.siteType}/${r.pageType}, labelled ${l.siteType}/${l.pageType}` +
              (scope[id].siteTypes && !siteRight ? ' (mistyped)' : ''),
          );
        if (right) tp++;
        else fp++;
        add(id, right ? 'tp' : 'fp');
      }
      for (const id of expected)
        if (!got.includes(id)) {
          add(id, 'fn');
          fn++;
        }
    }
    if (commit !== rounds[0].commit) {
      later.tp += tp;
      later.fp += fp;
    }
    console.log(
      `${commit} ${ids[0]}-${ids.at(-1)} ${ids.length} tuning pages: ${tp} right findings, ${fp} false (${((100 * tp) / Math.max(1, tp + fp)).toFixed(1)}%), ` +
        `recall ${((100 * tp) / Math.max(1, tp + fn)).toFixed(1)}%, page type ${((100 * pageTypes) / ids.length).toFixed(1)}%`,
    );
  }
  const t = [...byCheck.values()].reduce((a, v) => ({ tp: a.tp + v.tp, fp: a.fp + v.fp, fn: a.fn + v.fn }), { tp: 0, fp: 0, fn: 0 });
  console.log(`first sight: precision ${((100 * t.tp) / (t.tp + t.fp)).toFixed(1)}%, recall ${((100 * t.tp) / (t.tp + t.fn)).toFixed(1)}%`);
  console.log(`after the first round: precision ${((100 * later.tp) / (later.tp + later.fp)).toFixed(1)}%`);
  for (const [id, v] of [...byCheck].filter(([, v]) => v.fp).sort((a, b) => b[1].fp - a[1].fp))
    console.log(`  ${id}: ${v.fp} false, ${v.tp} right (${((100 * v.tp) / (v.tp + v.fp)).toFixed(0)}%), ${v.fn} missed`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
