// Dashboard queries on a big site: CRO_BENCH_EVENTS synthetic events (default 200,000; the
// budget's run is 5,000,000) are written for one site by the server binary's analytics-seed
// command through the same writer as ingestion (raw events, sessions, rollups), then the
// overview (KPIs) and analytics (90 days) routes are timed as the owner, and the database
// growth per million events is reported.
import { execFileSync } from 'node:child_process';
import { statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { envNumber, percentile, round, ROOT, setup, siteFor, startServer } from './lib.mjs';

/** Size of the main database file after moving the write-ahead log into it. */
function dbBytes(dir) {
  const db = join(dir, 'data.db');
  try {
    execFileSync('sqlite3', [db, 'PRAGMA wal_checkpoint(TRUNCATE);'], { stdio: 'ignore' });
  } catch {
    // no sqlite3 CLI: the size then excludes what is still in the WAL
  }
  return existsSync(db) ? statSync(db).size : 0;
}

async function timed(client, path, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await client.send(path, { requestKey: null });
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

export default async function (emit) {
  setup();
  const events = envNumber('CRO_BENCH_EVENTS', 200_000);
  const server = await startServer();
  try {
    const { owner, site } = await siteFor(server);
    const before = dbBytes(server.dataDir);
    const out = execFileSync(
      resolve(ROOT, '.bin/cro-server'),
      [
        'analytics-seed',
        `--dir=${server.dataDir}`,
        `--site=${site.id}`,
        `--events=${events}`,
        `--migrationsDir=${resolve(ROOT, 'pocketbase/pb_migrations')}`,
        `--hooksDir=${resolve(ROOT, 'pocketbase/pb_hooks')}`,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const seeded = JSON.parse(out.trim().split('\n').pop());
    emit('seed_events_per_s', round(seeded.events / seeded.seconds, 0), 'events/s');
    emit('db_bytes_per_million_events', round(((dbBytes(server.dataDir) - before) / seeded.events) * 1e6, 0), 'bytes');

    const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
    const overview = await timed(owner.client, `/api/cro/kpis/${site.id}`, runs);
    const analytics = await timed(owner.client, `/api/cro/analytics/${site.id}?days=90`, runs);
    emit('dashboard_events_in_site', seeded.events, 'events');
    emit('dashboard_overview_query_p50', round(percentile(overview, 50)), 'ms');
    emit('dashboard_overview_query_p95', round(percentile(overview, 95)), 'ms');
    emit('dashboard_analytics_90d_query_p50', round(percentile(analytics, 50)), 'ms');
    emit('dashboard_analytics_90d_query_p95', round(percentile(analytics, 95)), 'ms');
  } finally {
    await server.stop();
  }
}
