/**
 * The site-type model's training rows, from the corpus's tuning half only: each page's features
 * (src/lib/audit/site-type-model.ts featuresOf) pooled with its site's home page's as the scan
 * reads it (scan-corpus.ts pageAndHomeEvidence), its site, its template family and the answers its
 * label accepts. The blind half never enters: a blind label passed in is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { featuresOf, pooledFeatures } from '../../src/lib/audit/site-type-model';
import type { SiteWordsModel } from '../../src/lib/audit/site-words';
import type { SiteType } from '../../src/lib/site-type';
import { parseWithGo } from './audit-pages';
import { corpusDir, pageAndHomeEvidence, type CorpusLabel } from './scan-corpus';
import type { TrainingRow } from './site-type-fit';

/** Each page's repository, from the SOURCES table ('| id | owner/repo | ...'). */
export function repositories(): Map<string, string> {
  const text = readFileSync(join(import.meta.dirname, '../fixtures/scan/corpus/SOURCES.md'), 'utf8');
  return new Map([...text.matchAll(/^\| (p\d+) \| ([^ |]+) \|/gm)].map((m) => [m[1]!, m[2]!]));
}

/**
 * The first page number of each corpus round after the first: the SOURCES sections headed
 * '... round (pNN-...', or '... round, part B (pNN-...' (each part a round of its own): pages added
 * between two rounds (inner pages, single templates) belong to the round before them.
 */
export function corpusRounds(): number[] {
  const text = readFileSync(join(import.meta.dirname, '../fixtures/scan/corpus/SOURCES.md'), 'utf8');
  return [...text.matchAll(/^## .*\bround(?:, part \w+)? \(p(\d+)-/gm)].map((m) => Number(m[1]));
}

/**
 * The template family of a repository: its owner, or html5up / Start Bootstrap for the forks of
 * theirs. Sites of one family share markup, so a family is held out whole.
 */
export function templateFamily(repository: string): string {
  const r = repository.toLowerCase();
  if (r.includes('html5up')) return 'html5up';
  if (r.includes('startbootstrap')) return 'startbootstrap';
  return r.split('/')[0]!;
}

/** The round a page came in: the first page number of the last round starting at or before it (1 for the first round). */
export function roundOf(id: string, starts: number[] = corpusRounds()): number {
  const n = Number(id.slice(1));
  return Math.max(1, ...starts.filter((from) => from <= n));
}

/** A corpus page's repository ('owner/name'), or its host when SOURCES names none. */
export function repositoryOf(label: CorpusLabel, repos: Map<string, string> = repositories()): string {
  return repos.get(label.id) ?? new URL(label.url).host;
}

/** A corpus page's template family: its repository's (templateFamily). */
export function familyOf(label: CorpusLabel, repos: Map<string, string> = repositories()): string {
  return templateFamily(repositoryOf(label, repos));
}

/**
 * The rows, each page's 'its words' sign given by `wordsModelOf(label)`: in training, a word model
 * that never saw the page's template family (site-words-train.ts heldOutWordModels), since the word
 * model learns from the tuning pages as well.
 */
export function trainingRows(labels: CorpusLabel[], wordsModelOf?: (label: CorpusLabel) => SiteWordsModel): TrainingRow[] {
  const repos = repositories();
  const starts = corpusRounds();
  return labels.map((label) => {
    if (label.half !== 'tune') throw new Error(`${label.id} is in the blind half: the model learns from tuning pages only`);
    const page = parseWithGo(readFileSync(join(corpusDir(), 'pages', `${label.id}.html`), 'utf8'), label.url);
    // What the scan judges: the page's signs with its site's home page's, when it reads one.
    const features = pooledFeatures(pageAndHomeEvidence(page, label.url, wordsModelOf?.(label)).map(featuresOf));
    return {
      id: label.id,
      site: new URL(label.url).host,
      family: familyOf(label, repos),
      round: roundOf(label.id, starts),
      answers: [label.siteType, ...(label.siteTypeAlt ?? [])] as SiteType[],
      features: Object.fromEntries([...features].sort((a, b) => a[0].localeCompare(b[0]))),
    };
  });
}
