// Ingest on the ClickHouse event store (CRO_EVENTS_URL): the same open-loop load as 30-ingest
// (batches of 10 events at CRO_BENCH_INGEST_RATE for CRO_BENCH_INGEST_SECONDS) against a server
// whose events go to a local ClickHouse; then events/s, ack latency, server and ClickHouse CPU per
// 1,000 events (counted once what it acknowledged is in ClickHouse: the server acknowledges from
// its spool as collectors do), and bytes per stored event once the parts are merged. Then the same load at
// CRO_BENCH_COLLECTORS_RATE (default 20,000 events/s) spread over two stateless collectors
// (collectors.mjs) with the main server serving their configs: events/s, ack latency, the
// collectors', ClickHouse's and the load generator's CPU (on a 2-core machine the generator can be
// the limit), counted once what they acknowledged is in ClickHouse (a collector acknowledges once
// its spool holds a batch and inserts within a second: drain_ms is how long after the load that
// took); and one collector killed with kill -9 halfway through a run at 10,000 events/s, the load
// balancer then sending to the other, then started again on its spool (which it replays):
// acknowledged events missing from ClickHouse (budget 0) and inserted twice.
// Skipped (a note on stderr) without a clickhouse binary.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { COLLECTOR_TOKEN, startCollectors } from './collectors.mjs';
import { envNumber, percentile, round, setup, siteFor, startServer } from './lib.mjs';

const ORIGIN = 'https://bench.example.com';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** CPU seconds (user + system) of a process. */
function cpuOf(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** The pid of the server process serving dataDir. */
function serverPid(dataDir) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(`--dir=${dataDir}`) && cmd.includes('serve')) return Number(pid);
    } catch {
      // process gone
    }
  }
  throw new Error('server process not found');
}

function makeBatch(key, sessions, now) {
  const i = Math.floor(Math.random() * sessions);
  const p = `/page/${i % 40}`;
  const e = [];
  for (let j = 0; j < 10; j++) {
    const k = j % 3;
    e.push(
      k === 0
        ? { t: 'pv', ts: now, p }
        : k === 1
          ? { t: 'ck', ts: now, p, sel: 'button.buy', x: 10 * j, y: 300 }
          : { t: 'lv', ts: now, p, d: 4000, sc: 60 },
    );
  }
  return JSON.stringify({ k: key, v: `benchvisitor${i}`, s: `benchsession${i}`, b: randomBytes(9).toString('base64url'), e });
}

function send(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': UA } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(res.statusCode === 202 ? JSON.parse(text).accepted : 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Open-loop load: batches of 10 events at `rate` batches/s for `seconds`, round-robin over
 * targets() (a load balancer's current list); at(fraction) runs once the run is that far.
 */
async function load(agent, targets, key, rate, seconds, at = {}) {
  const latencies = [];
  let acked = 0;
  let failed = 0;
  const start = performance.now();
  const total = Math.floor(seconds * rate);
  const inflight = new Set();
  const cpu0 = process.cpuUsage();
  for (let n = 0; n < total; n++) {
    for (const [fraction, fn] of Object.entries(at)) {
      if (n === Math.floor(total * Number(fraction))) await fn();
    }
    const due = start + (n / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const list = targets();
    const p = send(agent, list[n % list.length], makeBatch(key, 5000, Date.now()))
      .then(
        (a) => {
          if (a) acked += a;
          else failed++;
          latencies.push(performance.now() - due);
        },
        () => failed++,
      )
      .finally(() => inflight.delete(p));
    inflight.add(p);
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  return { acked, failed, latencies, elapsed, generatorCores: (cpu.user + cpu.system) / 1e6 / elapsed };
}

/**
 * Waits until the site holds `want` events in ClickHouse, or its count has not grown for 3 s
 * (at most 60 s); returns the count and how long that took.
 */
async function drained(count, siteId, want) {
  const start = performance.now();
  let last = -1;
  let since = start;
  for (;;) {
    const n = await count(siteId);
    if (n >= want) return { n, ms: performance.now() - start };
    if (n !== last) [last, since] = [n, performance.now()];
    if (performance.now() - since > 3000 || performance.now() - start > 60_000) return { n, ms: performance.now() - start };
    await new Promise((r) => setTimeout(r, 50));
  }
}

export default async function (emit) {
  const { clickHouseCommand, startClickHouse } = await import('../../tests/helpers/clickhouse.ts');
  if (!clickHouseCommand()) {
    console.error('ingest-clickhouse: skipped, no clickhouse server binary (apt-get install clickhouse-server)');
    return;
  }
  setup();
  const ch = await startClickHouse();
  const eventsUrl = `${ch.url}?database=bench`;
  const server = await startServer({
    CRO_COLLECT_SITE_RPS: '0',
    CRO_COLLECT_CLIENT_RPS: '0',
    CRO_EVENTS_URL: eventsUrl,
    CRO_COLLECTOR_TOKEN: COLLECTOR_TOKEN,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let collectors;
  const count = async (siteId) => Number(await ch.query(`SELECT count() FROM events WHERE site_id = '${siteId}'`, 'bench'));
  try {
    const { site } = await siteFor(server);
    const seconds = envNumber('CRO_BENCH_INGEST_SECONDS', 10);
    const rate = envNumber('CRO_BENCH_INGEST_RATE', 10000) / 10;
    const pid = serverPid(server.dataDir);
    const cpu0 = cpuOf(pid);
    const chCpu0 = cpuOf(ch.pid);
    const one = await load(agent, () => [`${server.url}/api/cro/collect`], site.public_key, rate, seconds);
    // The server acknowledges from its spool (as collectors do) and inserts within a second.
    const drain1 = await drained(count, site.id, one.acked);
    const serverCpu = cpuOf(pid) - cpu0;
    const chCpu = cpuOf(ch.pid) - chCpu0;
    const stored = drain1.n;
    await ch.query('OPTIMIZE TABLE events FINAL', 'bench'); // one part, as a settled table is
    const bytes = Number(
      await ch.query(`SELECT sum(bytes_on_disk) FROM system.parts WHERE database = 'bench' AND table = 'events' AND active`),
    );
    emit('ingest_clickhouse_events_offered_per_s', rate * 10, 'events/s');
    emit('ingest_clickhouse_events_stored', stored, 'events');
    emit('ingest_clickhouse_events_per_s', round(stored / one.elapsed, 0), 'events/s');
    emit('ingest_clickhouse_batch10_latency_p50', round(percentile(one.latencies, 50)), 'ms');
    emit('ingest_clickhouse_batch10_latency_p99', round(percentile(one.latencies, 99)), 'ms');
    emit('ingest_clickhouse_events_lost', one.acked - stored, 'events');
    emit('ingest_clickhouse_drain_ms', round(drain1.ms, 0), 'ms');
    emit('ingest_clickhouse_requests_failed', one.failed, 'requests');
    emit('ingest_clickhouse_server_cpu_per_1k_events', round((serverCpu / stored) * 1e6, 1), 'ms');
    emit('ingest_clickhouse_clickhouse_cpu_per_1k_events', round((chCpu / stored) * 1e6, 1), 'ms');
    emit('ingest_clickhouse_bytes_per_event', round(bytes / stored, 1), 'bytes');
    // Everything the store keeps per event, as the SQLite figure counts it: the events and every
    // rollup and derived table the views fill, each merged to what a settled table holds.
    const tables = (await ch.query(`SELECT name FROM system.tables WHERE database = 'bench' AND engine LIKE '%MergeTree'`, 'bench'))
      .split('\n')
      .filter(Boolean);
    for (const t of tables) await ch.query(`OPTIMIZE TABLE ${t} FINAL`, 'bench');
    const all = Number(await ch.query(`SELECT sum(bytes_on_disk) FROM system.parts WHERE database = 'bench' AND active`));
    emit('ingest_clickhouse_bytes_per_event_all_tables', round(all / stored, 1), 'bytes');

    // Two collectors behind a (round-robin) load balancer.
    collectors = await startCollectors(eventsUrl, server.url, 2);
    const urls = collectors.list.map((c) => `${c.url}/api/cro/collect`);
    const two = (await siteFor(server, 'two.bench.example.com')).site;
    await server.admin.collection('sites').update(two.id, { domain: 'bench.example.com' });
    const rate2 = envNumber('CRO_BENCH_COLLECTORS_RATE', 20000) / 10;
    const ccpu0 = collectors.list.map((c) => cpuOf(c.pid));
    const chCpu1 = cpuOf(ch.pid);
    const spread = await load(agent, () => urls, two.public_key, rate2, seconds);
    const drain2 = await drained(count, two.id, spread.acked);
    const collectorsCpu = collectors.list.reduce((sum, c, i) => sum + cpuOf(c.pid) - ccpu0[i], 0);
    const chCpu2 = cpuOf(ch.pid) - chCpu1;
    const stored2 = drain2.n;
    emit('ingest_2_collectors_events_offered_per_s', rate2 * 10, 'events/s');
    emit('ingest_2_collectors_events_per_s', round(stored2 / spread.elapsed, 0), 'events/s');
    emit('ingest_2_collectors_batch10_latency_p50', round(percentile(spread.latencies, 50)), 'ms');
    emit('ingest_2_collectors_batch10_latency_p99', round(percentile(spread.latencies, 99)), 'ms');
    emit('ingest_2_collectors_events_lost', spread.acked - stored2, 'events');
    emit('ingest_2_collectors_drain_ms', round(drain2.ms, 0), 'ms');
    emit('ingest_2_collectors_requests_failed', spread.failed, 'requests');
    emit('ingest_2_collectors_cpu_per_1k_events', round((collectorsCpu / stored2) * 1e6, 1), 'ms');
    emit('ingest_2_collectors_clickhouse_cpu_per_1k_events', round((chCpu2 / stored2) * 1e6, 1), 'ms');
    emit('ingest_2_collectors_load_generator_cores', round(spread.generatorCores), 'cores');
    // Group commit: batches acknowledged per fsync of the spool (older collectors do not say).
    const spools = await Promise.all(collectors.list.map((c) => fetch(`${c.url}/api/cro/collector/stats`).then((r) => r.json())));
    const fsyncs = spools.reduce((n, st) => n + (st.spool?.fsyncs ?? 0), 0);
    if (fsyncs) {
      const batches = spools.reduce((n, st) => n + st.spool.acknowledged_batches, 0);
      emit('ingest_2_collectors_batches_per_fsync', round(batches / fsyncs, 1), 'batches');
    }

    // kill -9 of one collector halfway through; the balancer then sends to the other only.
    const three = (await siteFor(server, 'three.bench.example.com')).site;
    await server.admin.collection('sites').update(three.id, { domain: 'bench.example.com' });
    let live = urls;
    const killed = await load(agent, () => live, three.public_key, 1000, Math.max(4, seconds / 2), {
      0.5: async () => {
        await collectors.list[0].kill9();
        live = urls.slice(1);
      },
    });
    await collectors.restart(0); // replays its spool before serving
    const stored3 = (await drained(count, three.id, killed.acked)).n;
    const twice = Number(await ch.query(`SELECT count() - uniqExact(session, seq) FROM events WHERE site_id = '${three.id}'`, 'bench'));
    emit('ingest_kill9_events_acknowledged', killed.acked, 'events');
    emit('ingest_kill9_acknowledged_events_lost', Math.max(0, killed.acked - stored3), 'events');
    emit('ingest_kill9_events_inserted_twice', twice, 'events');
    emit('ingest_kill9_requests_failed', killed.failed, 'requests');
  } finally {
    agent.destroy();
    await collectors?.stop();
    await server.stop();
    await ch.stop();
  }
}
