// Scan on real pages: the website audit scored on the hand-labelled corpus of public open-source
// templates (tests/helpers/scan-corpus.ts; pages read from SCAN_CORPUS_DIR, by default
// .scan-corpus, git-ignored: fetched pages are not committed). Prints precision, recall, site and page type accuracy and the
// evidence rate for the tuning half and the blind half, and how often the word model's answer alone
// (src/lib/audit/site-words.ts, trained on a separate set of pages and the tuning half; a tuning page is
// judged by a word model that never saw its family, which needs TEXTSET_DIR) is right on each. SCAN_CORPUS_DETAIL=1 lists the tuning
// half's misses per page on stderr; the blind half is only ever printed as figures.
// SCAN_CORPUS_HALF=tune scores the tuning half alone: the blind half is not even run, so work on
// the checks can be measured as often as needed without glancing at the blind figures.
// SCAN_CORPUS_PAGES=p198-p222 scores only the pages whose ids fall in that range (a corpus round, such
// as a new round's blind pages alone), still as figures only; each figure then carries the range.
// SCAN_CORPUS_CV=1 adds the site-type model's validation on the tuning half (tests/helpers/site-type-fit.ts):
// each template family (a repository owner, or the html5up / Start Bootstrap forks) judged by a model
// fitted on the other families ('_leave_one_source_out'; '_signed_in_' pools each site's pages as the
// signed-in scan does), and '_nested_' with the regularization and the 'general' offset chosen again
// on the other families alone; '_round_out' judges each corpus round's tuning pages by a model fitted
// (options and weights) on the earlier rounds' tuning pages only, as a never-seen family meets it. It warns when the committed weights are stale. '_family_out_precision'
// and '_recall' score the checks on pages so typed (with that model's confidence): a mistyped page's
// advice is what an unseen family meets, which the committed model, fitted on every family, hides.
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
      entryPoints: ['scan-corpus', 'site-type-cv', 'site-type-fit', 'scan-family-out', 'site-words-train'].map((f) =>
        resolve(ROOT, `tests/helpers/${f}.ts`),
      ),
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
    const range = pageRange(process.env.SCAN_CORPUS_PAGES);
    const labels = corpusLabels().filter((l) => halves.includes(l.half) && range.has(l.id));
    const cases = scoreCorpus(labels);
    const pct = (x) => round(x * 100, 1);
    const words = await import(pathToFileURL(join(dir, 'site-words-train.js')).href);
    // The word model learnt from the tuning pages: each is judged by one that never saw its family.
    // Without the word set's pages (TEXTSET_DIR) that figure is left out.
    const training = halves.includes('tune') && words.textsetAvailable() ? words.wordsTraining() : undefined;
    const heldOut = training && words.heldOutWordModels(training);
    const extra = range.name ? { pages: range.name } : {};
    for (const half of halves) {
      const s = summarise(cases.filter((c) => c.label.half === half));
      const fig = (name, value, unit) => emit(`scan_corpus_${half}_${name}`, value, unit, extra);
      fig('pages', s.pages, 'pages');
      fig('precision', pct(s.precision), '%');
      fig('recall', pct(s.recall), '%');
      fig('site_type_accuracy', pct(s.siteTypeAccuracy), '%');
      fig('site_type_signed_in', pct(signedInSiteTypeAccuracy(labels.filter((l) => l.half === half))), '%');
      // The word model's answer alone (site-words.ts): the blind half is unseen by it; a tuning page by its held-out model.
      if (half === 'blind') fig('site_type_words_alone', pct(words.wordsAloneAccuracy(labels.filter((l) => l.half === half))), '%');
      else if (heldOut)
        fig(
          'site_type_words_alone_family_out',
          pct(
            words.wordsAloneAccuracy(
              labels.filter((l) => l.half === half),
              heldOut,
            ),
          ),
          '%',
        );
      fig('page_type_accuracy', pct(s.pageTypeAccuracy), '%');
      fig('evidence_quoted_as_found', pct(s.evidenceRate), '%');
      fig('findings', s.findings, 'findings');
    }
    if (process.env.SCAN_CORPUS_CV) {
      const cv = await import(pathToFileURL(join(dir, 'site-type-cv.js')).href);
      const fit = await import(pathToFileURL(join(dir, 'site-type-fit.js')).href);
      if (!training) throw new Error('SCAN_CORPUS_CV needs the word set (TEXTSET_DIR) and the tuning half');
      const rows = cv.trainingRows(
        corpusLabels().filter((l) => l.half === 'tune'),
        heldOut,
      );
      const model = fit.trainSiteTypeModel(rows);
      if (JSON.stringify(model) !== JSON.stringify(fit.committedModel()))
        console.error('bench: the committed site-type weights are not those the tuning pages give now: run `npm run train:site-type`');
      const v = fit.validate(rows, model);
      emit('scan_corpus_tune_site_type_resubstitution', pct(v.resubstitution), '%');
      emit('scan_corpus_tune_site_type_leave_one_source_out', pct(v.familyOut), '%');
      emit('scan_corpus_tune_site_type_signed_in_leave_one_source_out', pct(v.familyOutPooled), '%');
      emit('scan_corpus_tune_site_type_nested_source_out', pct(v.nestedFamilyOut), '%');
      emit('scan_corpus_tune_site_type_nested_signed_in_source_out', pct(v.nestedFamilyOutPooled), '%');
      const r = fit.roundOut(rows, { lambda: model.training.lambda, generalOffset: model.generalOffset });
      emit('scan_corpus_tune_site_type_round_out', pct(r.roundOut), '%');
      emit('scan_corpus_tune_site_type_round_out_committed_options', pct(r.roundOutCommitted), '%');
      console.error(
        `site-type round out (tuning pages, first id: right/pages): ${r.rounds.map(([f, ok, n]) => `p${f} ${ok}/${n}`).join(', ')}`,
      );
      console.error(`site-type model: lambda ${model.training.lambda}, general offset ${model.generalOffset}`);
      const { scoreFamilyOut } = await import(pathToFileURL(join(dir, 'scan-family-out.js')).href);
      const out = summarise(scoreFamilyOut(corpusLabels().filter((l) => l.half === 'tune')));
      emit('scan_corpus_tune_family_out_precision', pct(out.precision), '%');
      emit('scan_corpus_tune_family_out_recall', pct(out.recall), '%');
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

/** The ids SCAN_CORPUS_PAGES names ('p198-p222', inclusive), or every id when it is not set. */
function pageRange(spec) {
  if (!spec) return { name: '', has: () => true };
  const m = /^p(\d+)-p(\d+)$/.exec(spec);
  if (!m) throw new Error(`SCAN_CORPUS_PAGES must look like 'p198-p222', not '${spec}'`);
  const [from, to] = [Number(m[1]), Number(m[2])];
  return { name: spec, has: (id) => Number(id.slice(1)) >= from && Number(id.slice(1)) <= to };
}
