// Scan on real pages: the website audit scored on the hand-labelled corpus of public open-source
// templates (tests/helpers/scan-corpus.ts; pages read from SCAN_CORPUS_DIR, by default
// .scan-corpus, git-ignored: fetched pages are not committed). Prints precision, recall, site and page type accuracy and the
// evidence rate for the tuning half and the blind half. SCAN_CORPUS_DETAIL=1 lists the tuning
// half's misses per page on stderr; the blind half is only ever printed as figures.
// SCAN_CORPUS_HALF=tune scores the tuning half alone: the blind half is not even run, so work on
// the checks can be measured as often as needed without glancing at the blind figures.
// SCAN_CORPUS_CV=1 adds the site type cross-validated by site on the tuning half
// (tests/helpers/site-type-cv.ts): the accuracy when each site's rule is chosen on the other sites,
// and with SCAN_CORPUS_DETAIL each sign's sites where it helps or hurts; '_seen_elsewhere' also leaves
// out, for each held-out site, the signs that fire on no other site. '_source_out' holds out a whole
// template family (a repository owner, or html5up / Start Bootstrap forks) at a time; '_nested_source_out'
// also chooses the thresholds (points, lead, words-only extra) by an inner family cross-validation.
// '_signed_in' types each page from the pooled evidence of the corpus's pages of its site, as the
// signed-in scan does from the pages it reads (poolSiteTypeEvidence).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT, round } from './lib.mjs';

export default async function (emit) {
  const dir = mkdtempSync(join(tmpdir(), 'scan-corpus-'));
  try {
    await build({
      entryPoints: [resolve(ROOT, 'tests/helpers/scan-corpus.ts'), resolve(ROOT, 'tests/helpers/site-type-cv.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: dir,
      logLevel: 'error',
      define: { 'import.meta.dirname': JSON.stringify(resolve(ROOT, 'tests/helpers')) },
    });
    const { corpusAvailable, corpusDir, corpusLabels, scoreCorpus, signedInSiteTypeAccuracy, summarise } = await import(
      pathToFileURL(join(dir, 'scan-corpus.js')).href
    );
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
      emit(`scan_corpus_${half}_site_type_signed_in`, pct(signedInSiteTypeAccuracy(corpusLabels().filter((l) => l.half === half))), '%');
      emit(`scan_corpus_${half}_page_type_accuracy`, pct(s.pageTypeAccuracy), '%');
      emit(`scan_corpus_${half}_evidence_quoted_as_found`, pct(s.evidenceRate), '%');
      emit(`scan_corpus_${half}_findings`, s.findings, 'findings');
    }
    if (process.env.SCAN_CORPUS_CV) {
      const cv = await import(pathToFileURL(join(dir, 'site-type-cv.js')).href);
      const cases = cv.siteTypeCases(corpusLabels().filter((l) => l.half === 'tune'));
      const r = cv.leaveOneSiteOut(cases);
      emit('scan_corpus_tune_site_type_resubstitution', pct(r.resubstitution), '%');
      emit('scan_corpus_tune_site_type_leave_one_site_out', pct(r.leaveOneSiteOut), '%');
      emit('scan_corpus_tune_site_type_leave_one_site_out_seen_elsewhere', pct(r.leaveOneSiteOutSeenElsewhere), '%');
      emit('scan_corpus_tune_site_type_leave_one_source_out', pct(r.leaveOneSourceOut), '%');
      emit('scan_corpus_tune_site_type_leave_one_source_out_seen_elsewhere', pct(r.leaveOneSourceOutSeenElsewhere), '%');
      const pooled = cv.leaveOneSiteOut(cv.pooledBySite(cases));
      emit('scan_corpus_tune_site_type_signed_in_leave_one_source_out', pct(pooled.leaveOneSourceOut), '%');
      emit('scan_corpus_tune_site_type_signed_in_leave_one_source_out_seen_elsewhere', pct(pooled.leaveOneSourceOutSeenElsewhere), '%');
      const n = cv.nestedSourceOut(cases);
      emit('scan_corpus_tune_site_type_nested_source_out', pct(n.leaveOneSourceOut), '%');
      emit('scan_corpus_tune_site_type_nested_source_out_seen_elsewhere', pct(n.leaveOneSourceOutSeenElsewhere), '%');
      console.error(`site type thresholds the nested cross-validation chooses: ${JSON.stringify(n.chosen)}`);
      if (process.env.SCAN_CORPUS_DETAIL) {
        console.error(`right only with their own site's signs: ${r.dependsOnOwnSite.join(' ') || 'none'}`);
        const precision = cv.signPrecision(cases);
        for (const s of cv.signSupport(cases)) {
          const p = precision.get(s.sign) ?? { right: 0, wrong: 0 };
          console.error(
            `${s.sign}: on ${s.sites} sites (its type on ${p.right}, another on ${p.wrong}); ` +
              `decides right on [${s.helps.join(' ')}], wrong on [${s.hurts.join(' ')}]`,
          );
        }
      }
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
