// The big site the query parts share (dashboard, funnels, heatmaps, reports): one server, one
// growth site with a Purchase goal, a running two-variant experiment and a 5-step funnel, and
// CRO_BENCH_EVENTS synthetic events (default 200,000; the budgets' run is 5,000,000) written once by
// the server's analytics-seed command. Seeding 5M events takes about 8 minutes on this machine (its
// sessions are written in time order, as a site's traffic arrives), and seeding once instead of once
// per part keeps a full run near 17 minutes. The
// site is made on first use, so each part still runs alone (`npm run bench -- funnels`); the
// runner stops the server after the last part (atEnd).
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, atEnd, envNumber, siteFor, startServer, tail, watchMemory } from './lib.mjs';

/** Size of the main database file after moving the write-ahead log into it. */
export async function dbBytes(dir) {
  const db = join(dir, 'data.db');
  try {
    await promisify(execFile)('sqlite3', [db, 'PRAGMA wal_checkpoint(TRUNCATE);']);
  } catch {
    // no sqlite3 CLI: the size then excludes what is still in the WAL
  }
  return existsSync(db) ? statSync(db).size : 0;
}

/**
 * Writes the synthetic events in a second process, as an operator's import would. Asynchronous on
 * purpose: a client whose event loop is blocked longer than the server's 5-minute idle timeout
 * later sends its next request on a keep-alive socket the server has closed (status 0).
 */
export async function seed(server, site, events, experimentId = '') {
  const { stdout, stderr } = await promisify(execFile)(
    resolve(ROOT, '.bin/cro-server'),
    [
      'analytics-seed',
      `--dir=${server.dataDir}`,
      `--site=${site.id}`,
      `--events=${events}`,
      ...(experimentId ? [`--experiment=${experimentId}`] : []),
      `--migrationsDir=${resolve(ROOT, 'pocketbase/pb_migrations')}`,
      `--hooksDir=${resolve(ROOT, 'pocketbase/pb_hooks')}`,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const result = stdout.trim().split('\n').pop() ?? '';
  // A seeder stopped by a signal exits cleanly without its result line.
  if (!result.startsWith('{')) throw new Error(`analytics-seed printed no result (stopped early?):\n${tail(stdout + stderr, 10)}`);
  return JSON.parse(result);
}

const FUNNEL_STEPS = (goalId) => [
  { kind: 'page', match: '/' },
  { kind: 'page', match: '/product/*' },
  { kind: 'page', match: '/cart' },
  { kind: 'page', match: '/checkout' },
  { kind: 'goal', goal: goalId },
];

async function make() {
  const events = envNumber('CRO_BENCH_EVENTS', 200_000);
  const server = await startServer();
  const memory = watchMemory(server.pid);
  atEnd.push(async () => {
    memory.stop();
    await server.stop();
  });
  const { owner, site } = await siteFor(server, 'big.bench.example.com');
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  // The seed's purchase page converts this goal at ingest: it must exist before the events.
  const goal = await owner.client
    .collection('goals')
    .create({ site_id: site.id, name: 'Purchase', type: 'url', match: '/thank-you', value: 80, enabled: true });
  // A third of the seeded sessions are exposed to this test.
  const experiment = await owner.client.collection('experiments').create({
    site_id: site.id,
    name: 'Bench test',
    status: 'running',
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'B', weight: 0.5, changes: [{ type: 'set_text', value: 'Buy now' }] },
    ],
    primary_goal: goal.id,
    secondary_goals: ['revenue'],
  });
  const before = await dbBytes(server.dataDir);
  const seeded = await seed(server, site, events, experiment.id);
  const dbBytesPerMillion = (((await dbBytes(server.dataDir)) - before) / seeded.events) * 1e6;
  // Made after seeding, as an owner would on a site with history: its first query computes the days.
  const funnel = await owner.client.collection('funnels').create({ site_id: site.id, name: 'Bench funnel', steps: FUNNEL_STEPS(goal.id) });
  return { server, memory, owner, site, goal, experiment, funnel, seeded, dbBytesPerMillion };
}

let made;
/** The shared big site, made (and seeded) by the first part that asks. */
export function bigSite() {
  made ??= make();
  return made;
}
