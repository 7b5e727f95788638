/**
 * `npm run train:site-words`: fits the word model on the word set (tests/fixtures/scan/textset/<kind>.tsv,
 * pages at TEXTSET_DIR/pages/<id>.html) and the scan corpus's tuning pages, labelled by their site
 * type. The blind half judges the model, so none of its text may teach it: a word-set page that
 * copies a corpus page (either half: a copy of a tuning page would carry its label into the held-out
 * figures below) and a tuning page that copies a blind page are left out. Lambda is chosen by
 * holding out owners (tests/helpers/site-words-fit.ts), the model is fitted on all the rest, and the
 * script prints how often the answer alone is the label of the tuning pages, each judged by a model
 * that never saw its template family (heldOutWordModels, which also gives the site-type model's
 * training its 'its words' sign).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { computeSignals } from '../../src/lib/audit/signals';
import type { Page } from '../../src/lib/audit/page';
import { SITE_WORDS_MODEL, wordsOfSignals, type SiteWordsModel } from '../../src/lib/audit/site-words';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from './audit-pages';
import { corpusAvailable, corpusDir, corpusLabels, type CorpusLabel } from './scan-corpus';
import { familyOf, repositories, repositoryOf } from './site-type-cv';
import { KINDS, LAMBDAS, ownerHeldOut, predictWords, trainWords, type WordsDoc } from './site-words-fit';

const ROOT = resolve(import.meta.dirname, '../..');
export const TEXTSET_MANIFESTS = join(ROOT, 'tests/fixtures/scan/textset');

export function textsetDir(): string {
  return process.env.TEXTSET_DIR ?? resolve(ROOT, '.textset');
}

/** Whether the word set's pages are here (scripts/textset-restore.sh). */
export function textsetAvailable(): boolean {
  return existsSync(join(textsetDir(), 'pages'));
}

export interface TextsetEntry {
  id: string;
  repository: string;
  path: string;
  commit: string;
  licence: string;
  kind: SiteType;
  /** Where the repository says what the page is: its name, its README, or the folder of a collection of templates. */
  declared: string;
}

/**
 * The template a page comes from: its repository, or for a repository that collects many
 * authors' templates (declared 'collection folder: <name>'), that folder.
 */
export function sourceOf(e: TextsetEntry): string {
  const folder = /^collection folder: (.+)$/.exec(e.declared)?.[1];
  return folder ? `${e.repository}#${folder}` : e.repository;
}

/** Every manifest line (tab-separated, a header line first). */
export function textsetEntries(dir = TEXTSET_MANIFESTS): TextsetEntry[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .slice(1)
        .filter((line) => line.trim())
        .map((line) => {
          const [id, repository, path, commit, licence, kind, declared] = line.split('\t');
          if (!KINDS.includes(kind as SiteType)) throw new Error(`${f}: ${id} has an unknown kind '${kind}'`);
          return {
            id: id!,
            repository: repository!,
            path: path!,
            commit: commit!,
            licence: licence!,
            kind: kind as SiteType,
            declared: declared ?? '',
          };
        }),
    );
}

/** The words the model reads on a parsed page (as site-type.ts gives them). */
export function wordsOfPage(page: Page): string[] {
  return wordsOfSignals(page, computeSignals(page));
}

const SHINGLE = 8;
function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/\p{L}+|\d+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

/** A page copies a corpus page when a third or more of its 8-word runs are on one corpus page (pages and homes, both halves). */
export const COPY_SHARE = 1 / 3;
/** Each 8-word run of the corpus's pages and homes (those `keep` accepts, by file name), and where it is. */
function corpusShingles(keep: (sub: 'pages' | 'homes', file: string) => boolean = () => true): Map<string, Set<string>> {
  const where = new Map<string, Set<string>>();
  for (const sub of ['pages', 'homes'] as const) {
    const dir = join(corpusDir(), sub);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.html') && keep(sub, n))) {
      const page = parseWithGo(readFileSync(join(dir, f), 'utf8'), 'https://corpus.example/');
      for (const s of shingles(page.text)) {
        if (!where.has(s)) where.set(s, new Set());
        where.get(s)!.add(`${sub}/${f}`);
      }
    }
  }
  return where;
}

function copiesAny(text: string, where: Map<string, Set<string>>): boolean {
  const own = shingles(text);
  if (own.size === 0) return false;
  const hits = new Map<string, number>();
  for (const s of own) for (const f of where.get(s) ?? []) hits.set(f, (hits.get(f) ?? 0) + 1);
  return Math.max(0, ...hits.values()) >= COPY_SHARE * own.size;
}

/** How often the word model's answer alone, from a corpus page's own words, is one its label accepts. */
export function wordsAloneAccuracy(
  labels: CorpusLabel[],
  modelOf: (label: CorpusLabel) => SiteWordsModel = () => SITE_WORDS_MODEL,
): number {
  let right = 0;
  for (const l of labels) {
    const page = parseWithGo(readFileSync(join(corpusDir(), 'pages', `${l.id}.html`), 'utf8'), l.url);
    if ([l.siteType, ...(l.siteTypeAlt ?? [])].includes(predictWords(modelOf(l), wordsOfPage(page)))) right++;
  }
  return labels.length ? right / labels.length : 0;
}

/** A tuning page as the fit reads it, with its template family (site-type-cv.ts templateFamily). */
export interface TuningWordsDoc extends WordsDoc {
  family: string;
}

export interface WordsTraining {
  /** The word set's pages, less the copies of corpus pages. */
  wordSet: WordsDoc[];
  /** The corpus's tuning pages, less the copies of blind pages. */
  tuning: TuningWordsDoc[];
}

/** The pages the word model learns from, with what was left out printed. */
export function wordsTraining(): WordsTraining {
  if (!corpusAvailable())
    throw new Error(`scan corpus not found at ${corpusDir()} (set SCAN_CORPUS_DIR): it is needed to leave its copies out`);
  const labels = corpusLabels();
  const wordSet: WordsDoc[] = [];
  const copies: string[] = [];
  const missing: string[] = [];
  const where = corpusShingles();
  for (const e of textsetEntries()) {
    const file = join(textsetDir(), 'pages', `${e.id}.html`);
    if (!existsSync(file)) {
      missing.push(e.id);
      continue;
    }
    const page = parseWithGo(readFileSync(file, 'utf8'), `https://${e.id}.example/${e.path}`);
    if (copiesAny(page.text, where)) copies.push(e.id);
    else wordSet.push({ id: e.id, source: sourceOf(e), kind: e.kind, words: wordsOfPage(page) });
  }
  if (missing.length) throw new Error(`word set pages missing under ${textsetDir()}: ${missing.join(', ')} (scripts/textset-restore.sh)`);
  const blind = labels.filter((l) => l.half === 'blind');
  const blindFiles = new Set(blind.map((l) => `${l.id}.html`));
  const blindHomes = new Set(blind.map((l) => `${new URL(l.url).host.toLowerCase()}.html`));
  const blindWhere = corpusShingles((sub, f) => (sub === 'pages' ? blindFiles : blindHomes).has(f));
  const tuning: TuningWordsDoc[] = [];
  const tuningCopies: string[] = [];
  const repos = repositories();
  for (const l of labels.filter((x) => x.half === 'tune')) {
    const page = parseWithGo(readFileSync(join(corpusDir(), 'pages', `${l.id}.html`), 'utf8'), l.url);
    if (copiesAny(page.text, blindWhere)) {
      tuningCopies.push(l.id);
      continue;
    }
    const repository = repositoryOf(l, repos);
    const family = familyOf(l, repos);
    // Its source names the family first, so that holding out owners holds out the family whole.
    const source = `${family}/${repository.split('/').pop()}`;
    tuning.push({ id: l.id, source, family, kind: l.siteType as SiteType, words: wordsOfPage(page) });
  }
  const counts = (docs: WordsDoc[]): string => KINDS.map((k) => `${k} ${docs.filter((d) => d.kind === k).length}`).join(', ');
  console.log(
    `word set: ${wordSet.length} pages (${counts(wordSet)}); ${copies.length} left out as copies of corpus pages${copies.length ? `: ${copies.join(' ')}` : ''}`,
  );
  console.log(
    `tuning pages: ${tuning.length} (${counts(tuning)}); ${tuningCopies.length} left out as copies of blind pages${tuningCopies.length ? `: ${tuningCopies.join(' ')}` : ''}`,
  );
  return { wordSet, tuning };
}

/** The folds of template families the held-out word models leave out in turn. */
const FAMILY_FOLDS = 5;

/**
 * For each tuning label, a word model fitted on the word set and the tuning pages of other template
 * families (five folds of the tuning half's families, sorted and dealt in turn): its answer on the
 * page is one the page did not teach. Blind labels have none.
 */
export function heldOutWordModels(
  training: WordsTraining,
  lambda: number = SITE_WORDS_MODEL.training.lambda,
): (label: CorpusLabel) => SiteWordsModel {
  const repos = repositories();
  const families = [
    ...new Set(
      corpusLabels()
        .filter((l) => l.half === 'tune')
        .map((l) => familyOf(l, repos)),
    ),
  ].sort();
  const fold = new Map(families.map((f, i) => [f, i % FAMILY_FOLDS]));
  const models = new Map<number, SiteWordsModel>();
  return (label) => {
    if (label.half !== 'tune') throw new Error(`${label.id} is in the blind half: it has no held-out word model`);
    const f = fold.get(familyOf(label, repos))!;
    if (!models.has(f))
      models.set(f, trainWords([...training.wordSet, ...training.tuning.filter((d) => fold.get(d.family) !== f)], lambda));
    return models.get(f)!;
  };
}

export function main(): SiteWordsModel {
  const training = wordsTraining();
  const docs = [...training.wordSet, ...training.tuning];
  const scored = LAMBDAS.map((lambda) => [lambda, ownerHeldOut(docs, lambda)] as const);
  console.log(`owner held out (kinds weigh alike): ${scored.map(([l, a]) => `lambda ${l} ${(a * 100).toFixed(1)}%`).join(', ')}`);
  const [lambda, heldOut] = scored.reduce((best, x) => (x[1] > best[1] ? x : best));
  const model = trainWords(docs, lambda);
  model.training.ownerHeldOut = Math.round(heldOut * 1000) / 1000;
  const tune = corpusLabels().filter((l) => l.half === 'tune');
  console.log(
    `the words alone on the corpus's ${tune.length} tuning pages, each by a model that never saw its family: ` +
      `${(wordsAloneAccuracy(tune, heldOutWordModels(training, lambda)) * 100).toFixed(1)}% right`,
  );
  return model;
}
