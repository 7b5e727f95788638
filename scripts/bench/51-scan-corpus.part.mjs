// Scan on real pages: the website audit scored on the hand-labelled corpus of public open-source
// templates (tests/helpers/scan-corpus.ts; pages read from SCAN_CORPUS_DIR, by default
// .scan-corpus, git-ignored: fetched pages are not committed). Prints precision, recall, site and page type accuracy and the
// evidence rate for the tuning half and the blind half. SCAN_CORPUS_DETAIL=1 lists the tuning
// half's misses per page on stderr; the blind half is only ever printed as figures.
// SCAN_CORPUS_HALF=tune scores the tuning half alone: the blind half is not even run, so work on
// the checks can be measured as often as needed without glancing at the blind figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT, round } from './lib.mjs';

export default async function (emit) {
  const dir = mkdtempSync(join(tmpdir(), 'scan-corpus-'));
  try {
    const out = join(dir, 'scan-corpus.mjs');
    await build({
      entryPoints: [resolve(ROOT, 'tests/helpers/scan-corpus.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      logLevel: 'error',
      define: { 'import.meta.dirname': JSON.stringify(resolve(ROOT, 'tests/helpers')) },
    });
    const { corpusAvailable, corpusDir, corpusLabels, scoreCorpus, summarise } = await import(pathToFileURL(out).href);
    if (!corpusAvailable()) {
      console.error(`bench: scan corpus not found at ${corpusDir()} (set SCAN_CORPUS_DIR); skipped`);
      return;
    }
    const only = process.env.SCAN_CORPUS_HALF;
    if (only && only !== 'tune' && only !== 'blind') throw new Error(`SCAN_CORPUS_HALF must be 'tune' or 'blind', not '${only}'`);
    const halves = only ? [only] : ['tune', 'blind'];
    const cases = scoreCorpus(corpusLabels().filter((l) => halves.includes(l.half)));
    const pct = (x) => round(x * 100, 1);
    for (const half of halves) {
      const s = summarise(cases.filter((c) => c.label.half === half));
      emit(`scan_corpus_${half}_pages`, s.pages, 'pages');
      emit(`scan_corpus_${half}_precision`, pct(s.precision), '%');
      emit(`scan_corpus_${half}_recall`, pct(s.recall), '%');
      emit(`scan_corpus_${half}_site_type_accuracy`, pct(s.siteTypeAccuracy), '%');
      emit(`scan_corpus_${half}_page_type_accuracy`, pct(s.pageTypeAccuracy), '%');
      emit(`scan_corpus_${half}_evidence_quoted_as_found`, pct(s.evidenceRate), '%');
      emit(`scan_corpus_${half}_findings`, s.findings, 'findings');
    }
    if (process.env.SCAN_CORPUS_DETAIL)
      for (const c of cases.filter((x) => x.label.half === 'tune'))
        console.error(
          `${c.label.id} ${c.label.siteType}/${c.label.pageType} got ${c.result.siteType}/${c.result.pageType} ` +
            `+[${c.falsePositives.join(' ')}] -[${c.falseNegatives.join(' ')}] quoted ${c.quotedAsFound}/${c.pointing}`,
        );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
