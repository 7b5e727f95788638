import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The statistics CLI (scripts/experiment-stats.mjs, which runs the Go engine) is given the
// reference vectors without their "expected" blocks and must compute every field back within
// the file's own tolerances.
const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'experiment-stats.mjs');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Tolerance = { rel: number; abs: number };
type VectorCase = { id: string; expected?: Json } & Record<string, Json>;
type VectorFile = {
  tolerances: { default: Tolerance; per_field: Record<string, Tolerance> };
  cases: VectorCase[];
} & Record<string, Json>;

const vectors = JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', 'experiment-stats-vectors.json'), 'utf8')) as VectorFile;

function runCli(input: string) {
  return spawnSync(process.execPath, [CLI], { cwd: ROOT, input, encoding: 'utf8', timeout: 300_000 });
}

function toleranceFor(path: string): Tolerance {
  for (const [field, tol] of Object.entries(vectors.tolerances.per_field)) {
    if (path === field || path.startsWith(`${field}.`)) return tol;
  }
  return vectors.tolerances.default;
}

type Expected = { comparisons?: Json[] } & Record<string, Json>;

/** Differences of a case's answer; each comparison is walked from its own root, because the
 * file names its tolerances by the field's path within a comparison. */
function expectedDifferences(want: Expected, got: Expected): string[] {
  const { comparisons: wantComparisons = [], ...wantRest } = want;
  const { comparisons: gotComparisons = [], ...gotRest } = got;
  if (wantComparisons.length !== gotComparisons.length) return [`want ${wantComparisons.length} comparisons, got ${gotComparisons.length}`];
  return [...wantComparisons.flatMap((w, i) => differences(w, gotComparisons[i], '')), ...differences(wantRest, gotRest, '')];
}

/** Every difference between two JSON trees, numbers within tolerance, keys and nulls exact. */
function differences(want: Json, got: Json | undefined, path: string): string[] {
  if (typeof want === 'number') {
    const tol = toleranceFor(path);
    const ok = typeof got === 'number' && Math.abs(got - want) <= tol.rel * Math.abs(want) + tol.abs;
    return ok ? [] : [`${path}: want ${want}, got ${JSON.stringify(got)}`];
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) return [`${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
    return want.flatMap((w, i) => differences(w, got[i], path ? `${path}.${i}` : String(i)));
  }
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return [`${path}: want an object, got ${JSON.stringify(got)}`];
    const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
    return [...keys].flatMap((key) => {
      const child = path ? `${path}.${key}` : key;
      if (!(key in want) || !(key in got)) return [`${child}: present in expected ${key in want}, in output ${key in got}`];
      return differences(want[key]!, got[key], child);
    });
  }
  return want === got ? [] : [`${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
}

describe('node scripts/experiment-stats.mjs', () => {
  const stripped = { ...vectors, cases: vectors.cases.map(({ expected: _expected, ...rest }) => rest) };
  const run = runCli(JSON.stringify(stripped));
  const output = run.status === 0 ? (JSON.parse(run.stdout) as VectorFile) : undefined;

  it('prints the document back with every case', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(output?.cases.map((c) => c.id)).toEqual(vectors.cases.map((c) => c.id));
    expect(output?.schema).toBe(vectors.schema);
    expect(vectors.cases.length).toBe(vectors.case_count);
  });

  it.each(vectors.cases.map((c, i) => [c.id, i] as const))('%s: expected computed within tolerance', (_id, i) => {
    const want = vectors.cases[i]!.expected as Expected;
    const got = output?.cases[i]?.expected as Expected | undefined;
    expect(got).toBeDefined();
    expect(expectedDifferences(want, got!)).toEqual([]);
  });

  it('rejects an impossible case with its id and changes nothing', () => {
    const bad = {
      cases: [
        {
          id: 'too-many-conversions',
          metric: 'binomial',
          variants: [
            { users: 5, conversions: 7 },
            { users: 5, conversions: 1 },
          ],
        },
      ],
    };
    const rejected = runCli(JSON.stringify(bad));
    expect(rejected.status).toBe(1);
    expect(rejected.stdout).toBe('');
    expect(rejected.stderr).toContain('too-many-conversions');
    expect(rejected.stderr).toContain('conversions (7) exceed users (5)');
  });
});
