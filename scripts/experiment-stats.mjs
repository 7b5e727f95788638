// Computes every case's "expected" of an experiment-stats document with the server's statistics
// engine (Go package pocketbase/experiments/stats, run as .bin/experiment-stats):
//
//   node scripts/experiment-stats.mjs < cases.json > with-expected.json
//
// The schema is that of tests/fixtures/experiment-stats-vectors.json, or with
// "schema": "experiment-stats-vectors/2" that of tests/fixtures/experiment-stats-vectors-2.json
// (CUPED, ratio metrics, post-stratification, p-value corrections, bandit weights); cases need no
// "expected".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, '.bin', 'experiment-stats');

if (!existsSync(cli)) {
  // setup.sh reports on stdout; keep that off this script's output, which is the document.
  const setup = spawnSync('bash', [join(root, 'scripts', 'setup.sh')], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  if (setup.status !== 0 || !existsSync(cli)) {
    console.error('experiment-stats: building .bin/experiment-stats failed (bash scripts/setup.sh)');
    process.exit(1);
  }
}

const run = spawnSync(cli, [], { stdio: 'inherit' });
process.exit(run.status ?? 1);
