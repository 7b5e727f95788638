// Ingest on the ClickHouse event store (CRO_EVENTS_URL): the same open-loop load as 30-ingest
// (batches of 10 events at CRO_BENCH_INGEST_RATE for CRO_BENCH_INGEST_SECONDS) against a server
// whose events go to a local ClickHouse; then events/s, ack latency, server and ClickHouse CPU per
// 1,000 events, and bytes per stored event once the parts are merged. Skipped (a note on stderr)
// without a clickhouse binary.
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
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
  return JSON.stringify({ k: key, v: `benchvisitor${i}`, s: `benchsession${i}`, e });
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

export default async function (emit) {
  const { clickHouseCommand, startClickHouse } = await import('../../tests/helpers/clickhouse.ts');
  if (!clickHouseCommand()) {
    console.error('ingest-clickhouse: skipped, no clickhouse server binary (apt-get install clickhouse-server)');
    return;
  }
  setup();
  const ch = await startClickHouse();
  const server = await startServer({
    CRO_COLLECT_SITE_RPS: '0',
    CRO_COLLECT_CLIENT_RPS: '0',
    CRO_EVENTS_URL: `${ch.url}?database=bench`,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const { site } = await siteFor(server);
    const url = `${server.url}/api/cro/collect`;
    const seconds = envNumber('CRO_BENCH_INGEST_SECONDS', 10);
    const rate = envNumber('CRO_BENCH_INGEST_RATE', 10000) / 10;
    const pid = serverPid(server.dataDir);
    const latencies = [];
    let acked = 0;
    let failed = 0;
    const cpu0 = cpuOf(pid);
    const chCpu0 = cpuOf(ch.pid);
    const start = performance.now();
    const total = Math.floor(seconds * rate);
    const inflight = new Set();
    for (let n = 0; n < total; n++) {
      const due = start + (n / rate) * 1000;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const p = send(agent, url, makeBatch(site.public_key, 5000, Date.now()))
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
    const serverCpu = cpuOf(pid) - cpu0;
    const chCpu = cpuOf(ch.pid) - chCpu0;
    latencies.sort((a, b) => a - b);
    const stored = Number(await ch.query(`SELECT count() FROM events WHERE site_id = '${site.id}'`, 'bench'));
    await ch.query('OPTIMIZE TABLE events FINAL', 'bench'); // one part, as a settled table is
    const bytes = Number(
      await ch.query(`SELECT sum(bytes_on_disk) FROM system.parts WHERE database = 'bench' AND table = 'events' AND active`),
    );
    emit('ingest_clickhouse_events_offered_per_s', rate * 10, 'events/s');
    emit('ingest_clickhouse_events_stored', stored, 'events');
    emit('ingest_clickhouse_events_per_s', round(stored / elapsed, 0), 'events/s');
    emit('ingest_clickhouse_batch10_latency_p50', round(percentile(latencies, 50)), 'ms');
    emit('ingest_clickhouse_batch10_latency_p99', round(percentile(latencies, 99)), 'ms');
    emit('ingest_clickhouse_events_lost', acked - stored, 'events');
    emit('ingest_clickhouse_requests_failed', failed, 'requests');
    emit('ingest_clickhouse_server_cpu_per_1k_events', round((serverCpu / stored) * 1e6, 1), 'ms');
    emit('ingest_clickhouse_clickhouse_cpu_per_1k_events', round((chCpu / stored) * 1e6, 1), 'ms');
    emit('ingest_clickhouse_bytes_per_event', round(bytes / stored, 1), 'bytes');
  } finally {
    agent.destroy();
    await server.stop();
    await ch.stop();
  }
}
