// Writes tests/fixtures/contracts/group-slots.json: visitor ids, group seeds and ranges, and
// whether the visitor's slot falls in the range by the TypeScript inGroupRange
// (src/lib/assignment.ts). Go's experiments.InGroupRange must give the same answers
// (experiments/group_test.go); tests/unit/exclusion-groups.test.ts checks the file is what this
// script writes. Run: node scripts/group-slots-fixture.mjs
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'tests/fixtures/contracts/group-slots.json');
const bundled = await build({ entryPoints: [resolve(ROOT, 'src/lib/assignment.ts')], bundle: true, format: 'esm', write: false });
const { inGroupRange } = await import('data:text/javascript;base64,' + Buffer.from(bundled.outputFiles[0].text).toString('base64'));

const visitors = ['', 'a', 'visitor-1', 'Zz9', 'åäö-ü', '🙂v', ...Array.from({ length: 54 }, (_, i) => `v${(i * 7919).toString(36)}x${i}`)];
const seeds = ['', 'group-seed', 'Ab3dE5gH7jK9mN1p'];
const ranges = [
  [0, 0.3],
  [0.3, 0.55],
  [0.55, 1],
  [0.1234, 0.1235],
];
const cases = [];
for (const s of seeds) for (const [a, b] of ranges) for (const v of visitors) cases.push({ v, s, a, b, in: inGroupRange(v, s, a, b) });
writeFileSync(OUT, JSON.stringify({ note: 'Written by scripts/group-slots-fixture.mjs', cases }, null, 1) + '\n');
console.log(`${cases.length} cases, ${cases.filter((c) => c.in).length} in`);
