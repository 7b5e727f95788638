import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The statistics CLI reads schema v2 documents too (CUPED, ratio metrics, post-stratification,
// multiple-comparison corrections, bandit weights): given the v2 reference vectors without their
// "expected" blocks, it must compute every field back within the file's own tolerances.
const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'experiment-stats.mjs');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Tolerance = { rel: number; abs: number };
type VectorCase = { id: string; expected?: Json } & Record<string, Json>;
type VectorFile = {
  schema: string;
  case_count: number;
  tolerances: { default: Tolerance; per_field: Record<string, Tolerance> };
  cases: VectorCase[];
} & Record<string, Json>;

const vectors = JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', 'experiment-stats-vectors-2.json'), 'utf8')) as VectorFile;

function runCli(input: string) {
  return spawnSync(process.execPath, [CLI], { cwd: ROOT, input, encoding: 'utf8', timeout: 300_000 });
}

/** The first per_field key (in the file's order) that the path, list indices left out, ends with. */
function toleranceFor(path: string): Tolerance {
  const bare = path.replace(/\.\d+/g, '').replace(/^\d+\.?/, '');
  for (const [field, tol] of Object.entries(vectors.tolerances.per_field)) {
    if (bare === field || bare.endsWith(`.${field}`)) return tol;
  }
  return vectors.tolerances.default;
}

/** Every difference between two JSON trees: numbers within tolerance; keys, strings, booleans
 * and nulls exact (a boolean is never a number). */
function differences(want: Json, got: Json | undefined, path: string): string[] {
  if (typeof want === 'number') {
    const tol = toleranceFor(path);
    const ok = typeof got === 'number' && Math.abs(got - want) <= tol.rel * Math.abs(want) + tol.abs;
    return ok ? [] : [`${path}: want ${want}, got ${JSON.stringify(got)}`];
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) return [`${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
    return want.flatMap((w, i) => differences(w, got[i], `${path}.${i}`));
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

describe('node scripts/experiment-stats.mjs with schema v2', () => {
  const stripped = { ...vectors, cases: vectors.cases.map(({ expected: _expected, ...rest }) => rest) };
  const run = runCli(JSON.stringify(stripped));
  const output = run.status === 0 ? (JSON.parse(run.stdout) as VectorFile) : undefined;

  it('prints the document back with every case', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(output?.schema).toBe('experiment-stats-vectors/2');
    expect(output?.cases.map((c) => c.id)).toEqual(vectors.cases.map((c) => c.id));
    expect(vectors.cases.length).toBe(vectors.case_count);
  });

  it.each(vectors.cases.map((c, i) => [c.id, i] as const))('%s: expected computed within tolerance', (_id, i) => {
    const got = output?.cases[i]?.expected;
    expect(got).toBeDefined();
    expect(differences(vectors.cases[i]!.expected!, got, '')).toEqual([]);
  });

  it('rejects a case it cannot read with its id and the reason, and prints nothing', () => {
    const bad = {
      schema: 'experiment-stats-vectors/2',
      cases: [
        {
          id: 'ratio-without-components',
          category: 'ratio',
          metric: 'ratio',
          cuped: false,
          variants: [{ count: 10 }, { count: 10 }],
          settings: {},
        },
      ],
    };
    const rejected = runCli(JSON.stringify(bad));
    expect(rejected.status).toBe(1);
    expect(rejected.stdout).toBe('');
    expect(rejected.stderr).toContain('ratio-without-components');
    expect(rejected.stderr).toContain('a ratio metric needs ratio_components');
  });

  it('rejects a schema it does not know', () => {
    const rejected = runCli(JSON.stringify({ schema: 'experiment-stats-vectors/9', cases: [] }));
    expect(rejected.status).toBe(1);
    expect(rejected.stdout).toBe('');
    expect(rejected.stderr).toContain(
      '"schema" must be "experiment-stats-vectors/1" or "experiment-stats-vectors/2", got "experiment-stats-vectors/9"',
    );
  });
});
