// Frustration signals (pocketbase/frustration): the background job's cost per 1,000 sessions (the
// Go test TestJobCost on CRO_BENCH_FRUSTRATION_SESSIONS sessions of 14 events, default 2,000:
// wall time and the process's CPU time), and the recordings list p95 with filters on the big site
// (big-site.mjs: CRO_BENCH_EVENTS events; the budget's run is 5,000,000, 200 ms p95), every one of
// its sessions given a recording row with signals (the worst case: all sessions recorded), timed
// as the owner through the route the Session Recordings tab reads (GET /api/cro/sites/{site}/recordings:
// a page of 50, rage clicks and device filters, most frustrated first), and through the
// collection list it read before (with its total) for comparison.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { bigSite } from './big-site.mjs';
import { ROOT, envNumber, percentile, round, setup, timed } from './lib.mjs';

async function jobCost(emit) {
  const sessions = envNumber('CRO_BENCH_FRUSTRATION_SESSIONS', 2000);
  const { stdout } = await promisify(execFile)('go', ['test', './frustration', '-run', 'TestJobCost', '-count=1', '-v'], {
    cwd: resolve(ROOT, 'pocketbase'),
    env: { ...process.env, CGO_ENABLED: '0', CRO_BENCH_FRUSTRATION_SESSIONS: String(sessions) },
    maxBuffer: 1 << 20,
    timeout: 30 * 60_000,
  });
  for (const line of stdout.split('\n').filter((l) => l.startsWith('{'))) {
    const { name, value, unit } = JSON.parse(line);
    emit(name, value, unit);
  }
}

export default async function (emit) {
  setup();
  await jobCost(emit);
  const runs = envNumber('CRO_BENCH_QUERY_RUNS', 50);
  const { owner, site, seeded, server } = await bigSite();
  const db = new DatabaseSync(join(server.dataDir, 'data.db'), { timeout: 60_000 });
  db.exec(`INSERT OR IGNORE INTO session_recordings (id, site_id, session_id, started_at, ended_at, page_url, device_type,
      duration_seconds, rage_clicks, dead_clicks, quick_backs, frustration_score, source, pages, signals, created_at)
    SELECT lower(substr(hex(randomblob(8)), 1, 15)), site_id, session_key, started_at, last_seen_at, 'https://big.bench.example.com' || entry_path,
      device_type, CAST(duration_seconds AS INTEGER), (abs(random()) % 20 = 0), (abs(random()) % 8 = 0), (abs(random()) % 12 = 0),
      abs(random()) % 60 * (abs(random()) % 4 = 0), 'Direct', '[]', '[]', started_at
    FROM sessions WHERE site_id = '${site.id}'`);
  const recordings = db.prepare(`SELECT COUNT(*) AS n FROM session_recordings WHERE site_id = ?`).get(site.id).n;
  db.close();
  emit('frustration_events_in_site', seeded.events, 'events');
  emit('frustration_recordings_in_site', recordings, 'recordings');
  const list = `/api/cro/sites/${site.id}/recordings?page=1&device=desktop&rage=1&sort=frustration`;
  const times = await timed(owner.client, list, runs);
  emit('recordings_list_filtered_p50', round(percentile(times, 50)), 'ms');
  emit('recordings_list_filtered_p95', round(percentile(times, 95)), 'ms');
  // The collection list the tab used before (rule join per row, total count), for the ratio.
  const filter = encodeURIComponent(`site_id = '${site.id}' && device_type = 'desktop' && rage_clicks > 0`);
  const collection = `/api/collections/session_recordings/records?page=1&perPage=50&filter=${filter}&sort=-frustration_score,-started_at`;
  const before = await timed(owner.client, collection, runs);
  emit('recordings_list_collection_filtered_p95', round(percentile(before, 95)), 'ms');
  const pages = await timed(owner.client, `/api/cro/frustration/${site.id}/pages?days=7`, runs);
  emit('frustrated_pages_query_p95', round(percentile(pages, 95)), 'ms');
}
