/**
 * `npm run train:site-type`: reads the corpus's tuning pages (SCAN_CORPUS_DIR), writes their
 * features to tests/fixtures/scan/corpus/site-type-rows.json and the model fitted on them to
 * src/lib/audit/site-type-weights.json, and prints the round-held-out and family cross-validations. The unit test
 * tests/unit/site-type-model.test.ts refits the committed rows and expects the committed weights.
 */
import { corpusAvailable, corpusDir, corpusLabels } from './scan-corpus';
import { trainingRows } from './site-type-cv';
import { heldOutWordModels, wordsTraining } from './site-words-train';
import { roundOut, trainSiteTypeModel, validate, type TrainingRow } from './site-type-fit';
import type { SiteTypeModel } from '../../src/lib/audit/site-type-model';

/** The rows and the model to write (the script formats and writes them), after printing the validation. */
export function main(): { rows: TrainingRow[]; model: SiteTypeModel } {
  if (!corpusAvailable()) throw new Error(`scan corpus not found at ${corpusDir()} (set SCAN_CORPUS_DIR)`);
  // Each page's 'its words' sign from a word model that never saw its family (the committed one learnt from every tuning page).
  const rows = trainingRows(
    corpusLabels().filter((l) => l.half === 'tune'),
    heldOutWordModels(wordsTraining()),
  );
  const model = trainSiteTypeModel(rows);
  const v = validate(rows, model);
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  console.log(
    `site-type model: ${rows.length} tuning pages, ${model.training.families} families, ${Object.keys(model.weights).length} features; ` +
      `lambda ${model.training.lambda}, general offset ${model.generalOffset}`,
  );
  console.log(
    `resubstitution ${pct(v.resubstitution)}; family held out ${pct(v.familyOut)} (sites pooled ${pct(v.familyOutPooled)}); ` +
      `nested ${pct(v.nestedFamilyOut)} (pooled ${pct(v.nestedFamilyOutPooled)})`,
  );
  const r = roundOut(rows, { lambda: model.training.lambda, generalOffset: model.generalOffset });
  console.log(
    `round held out ${pct(r.roundOut)} (committed options ${pct(r.roundOutCommitted)}): ` +
      r.rounds.map(([from, ok, n]) => `p${from} ${ok}/${n}`).join(', '),
  );
  return { rows, model };
}
