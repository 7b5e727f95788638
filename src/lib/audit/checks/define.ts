import { SCAN_CATEGORIES, type Check, type CheckContext, type CheckResult } from '../types';
import catalogue from './catalogue.json' with { type: 'json' };

/** What a check finds on a page: null when the page passes. */
export type CheckRun = (ctx: CheckContext) => CheckResult | null;

/** A check's copy and rating: everything but its id and how it judges a page. */
type CatalogueEntry = Omit<Check, 'id' | 'run'>;

const LEVELS = ['High', 'Medium', 'Low', 'Easy', 'Hard'];

/** The catalogue entry of id, checked: a typo in the JSON fails loudly when the audit loads. */
function entryOf(id: string): CatalogueEntry {
  const entry = (catalogue as Record<string, unknown>)[id] as CatalogueEntry | undefined;
  if (!entry) throw new Error(`check ${id} has no entry in catalogue.json`);
  const valid =
    SCAN_CATEGORIES.includes(entry.category) &&
    LEVELS.includes(entry.impact) &&
    LEVELS.includes(entry.difficulty) &&
    entry.lift.length === 2 &&
    entry.confidence > 0 &&
    entry.confidence <= 100;
  if (!valid) throw new Error(`check ${id} has an invalid entry in catalogue.json`);
  return entry;
}

/**
 * What each check tells the visitor (title, description, impact, difficulty, lift, confidence,
 * time, the site types it is about) is copy, kept in catalogue.json; a check file states only
 * how each check judges a page. A run without a catalogue entry is a programming error.
 */
export function defineChecks(runs: Record<string, CheckRun>): Check[] {
  return Object.entries(runs).map(([id, run]) => ({ id, ...entryOf(id), run }));
}
