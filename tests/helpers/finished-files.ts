// Stand-ins hand what they received to tests as JSON files in a directory that tests poll. A file
// is written under a dot name and renamed, so a reader never parses half of one (CI once read a
// mail cut at 4,096 bytes).
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeFinishedJson(dir: string, name: string, value: unknown): void {
  const partial = join(dir, `.${name}.partial`);
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, join(dir, `${name}.json`));
}

/** The finished files in dir, in name order, parsed. */
export function readFinishedJson<T>(dir: string): T[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as T);
}
