/**
 * `npm run train:site-words`: reads the word set (tests/fixtures/scan/textset/<kind>.tsv, pages at
 * TEXTSET_DIR/pages/<id>.html), leaves out every page that copies a scan-corpus page (either half:
 * the corpus judges the model, so none of its text may teach it), chooses lambda by holding out
 * owners, fits the model on all the rest (tests/helpers/site-words-fit.ts), and prints how often its
 * answer alone is the label of the corpus's tuning pages, which it never saw.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { computeSignals } from '../../src/lib/audit/signals';
import type { Page } from '../../src/lib/audit/page';
import { SITE_WORDS_MODEL, wordsOfSignals, type SiteWordsModel } from '../../src/lib/audit/site-words';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from './audit-pages';
import { corpusAvailable, corpusDir, corpusLabels, type CorpusLabel } from './scan-corpus';
import { KINDS, LAMBDAS, ownerHeldOut, predictWords, trainWords, type WordsDoc } from './site-words-fit';

const ROOT = resolve(import.meta.dirname, '../..');
export const TEXTSET_MANIFESTS = join(ROOT, 'tests/fixtures/scan/textset');

export function textsetDir(): string {
  return process.env.TEXTSET_DIR ?? resolve(ROOT, '.textset');
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
function corpusShingles(): Map<string, Set<string>> {
  const where = new Map<string, Set<string>>();
  for (const sub of ['pages', 'homes']) {
    const dir = join(corpusDir(), sub);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.html'))) {
      const page = parseWithGo(readFileSync(join(dir, f), 'utf8'), 'https://corpus.example/');
      for (const s of shingles(page.text)) {
        if (!where.has(s)) where.set(s, new Set());
        where.get(s)!.add(`${sub}/${f}`);
      }
    }
  }
  return where;
}

function copiesCorpus(text: string, where: Map<string, Set<string>>): boolean {
  const own = shingles(text);
  if (own.size === 0) return false;
  const hits = new Map<string, number>();
  for (const s of own) for (const f of where.get(s) ?? []) hits.set(f, (hits.get(f) ?? 0) + 1);
  return Math.max(0, ...hits.values()) >= COPY_SHARE * own.size;
}

/** How often the word model's answer alone, from a corpus page's own words, is one its label accepts. */
export function wordsAloneAccuracy(labels: CorpusLabel[], model: SiteWordsModel = SITE_WORDS_MODEL): number {
  let right = 0;
  for (const l of labels) {
    const page = parseWithGo(readFileSync(join(corpusDir(), 'pages', `${l.id}.html`), 'utf8'), l.url);
    if ([l.siteType, ...(l.siteTypeAlt ?? [])].includes(predictWords(model, wordsOfPage(page)))) right++;
  }
  return labels.length ? right / labels.length : 0;
}

export function main(): SiteWordsModel {
  if (!corpusAvailable())
    throw new Error(`scan corpus not found at ${corpusDir()} (set SCAN_CORPUS_DIR): it is needed to leave its copies out`);
  const where = corpusShingles();
  const docs: WordsDoc[] = [];
  const copies: string[] = [];
  const missing: string[] = [];
  for (const e of textsetEntries()) {
    const file = join(textsetDir(), 'pages', `${e.id}.html`);
    if (!existsSync(file)) {
      missing.push(e.id);
      continue;
    }
    const page = parseWithGo(readFileSync(file, 'utf8'), `https://${e.id}.example/${e.path}`);
    if (copiesCorpus(page.text, where)) copies.push(e.id);
    else docs.push({ id: e.id, source: sourceOf(e), kind: e.kind, words: wordsOfPage(page) });
  }
  if (missing.length) throw new Error(`word set pages missing under ${textsetDir()}: ${missing.join(', ')} (scripts/textset-restore.sh)`);
  const counts = KINDS.map((k) => `${k} ${docs.filter((d) => d.kind === k).length}`).join(', ');
  console.log(
    `word set: ${docs.length} pages (${counts}); ${copies.length} left out as copies of corpus pages${copies.length ? `: ${copies.join(' ')}` : ''}`,
  );
  const scored = LAMBDAS.map((lambda) => [lambda, ownerHeldOut(docs, lambda)] as const);
  console.log(`owner held out (kinds weigh alike): ${scored.map(([l, a]) => `lambda ${l} ${(a * 100).toFixed(1)}%`).join(', ')}`);
  const [lambda, heldOut] = scored.reduce((best, x) => (x[1] > best[1] ? x : best));
  const model = trainWords(docs, lambda);
  model.training.ownerHeldOut = Math.round(heldOut * 1000) / 1000;
  const tune = corpusLabels().filter((l) => l.half === 'tune');
  console.log(
    `the words alone on the corpus's ${tune.length} tuning pages (never trained on): ${(wordsAloneAccuracy(tune, model) * 100).toFixed(1)}% right`,
  );
  return model;
}
