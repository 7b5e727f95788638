// Ingest: an open-loop load generator on this machine posts batches of 10 events at a target
// rate (default 10,000 events/s) for CRO_BENCH_INGEST_SECONDS (default 10; the budget's run is
// 60), latency measured from each request's scheduled time (no coordinated omission); then
// events acknowledged vs stored, the database's growth per stored event (raw events, sessions,
// rollups and their indexes), and single-event requests/s at full speed.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { dbBytes } from './big-site.mjs';
import { envNumber, percentile, round, setup, siteFor, startServer } from './lib.mjs';

/** CPU seconds (user + system) used so far by the server process serving dataDir. */
function serverCpu(dataDir) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(`--dir=${dataDir}`) || !cmd.includes('serve')) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, clock ticks
    } catch {
      // process gone
    }
  }
  return NaN;
}

const ORIGIN = 'https://bench.example.com';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function makeBatch(key, size, sessions, now) {
  const i = Math.floor(Math.random() * sessions);
  const p = `/page/${i % 40}`;
  const e = [];
  for (let j = 0; j < size; j++) {
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

/** Refused or failed requests by status code or error, reported on stderr. */
const failures = new Map();

/** Posts one batch over a keep-alive connection; resolves to the number of events acknowledged. */
function send(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': UA, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          if (res.statusCode !== 202) failures.set(res.statusCode, (failures.get(res.statusCode) ?? 0) + 1);
          resolve(res.statusCode === 202 ? JSON.parse(text).accepted : 0);
        });
      },
    );
    req.on('error', (err) => {
      failures.set(err.code ?? 'error', (failures.get(err.code ?? 'error') ?? 0) + 1);
      reject(err);
    });
    req.end(body);
  });
}

export default async function (emit) {
  setup();
  const server = await startServer({ CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' });
  const dispatcher = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const { site } = await siteFor(server);
    const url = `${server.url}/api/cro/collect`;
    const seconds = envNumber('CRO_BENCH_INGEST_SECONDS', 10);
    const rate = envNumber('CRO_BENCH_INGEST_RATE', 10000) / 10; // batches per second
    const bytes0 = await dbBytes(server.dataDir);
    const latencies = [];
    let acked = 0;
    let failed = 0;
    const cpu0 = serverCpu(server.dataDir);
    const start = performance.now();
    const total = Math.floor(seconds * rate);
    const inflight = new Set();
    for (let n = 0; n < total; n++) {
      const due = start + (n / rate) * 1000;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const p = send(dispatcher, url, makeBatch(site.public_key, 10, 5000, Date.now()))
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
    latencies.sort((a, b) => a - b);
    const stored = (await server.admin.collection('events').getList(1, 1, { filter: `site_id = "${site.id}"` })).totalItems;
    // Offered load: CRO_BENCH_INGEST_RATE events/s in batches of 10 on a fixed schedule; the
    // sustained rate is what was stored over the whole run, including the last responses' drain.
    emit('ingest_events_offered_per_s', rate * 10, 'events/s');
    emit('ingest_events_stored', stored, 'events');
    emit('ingest_events_per_s', round(stored / elapsed, 0), 'events/s');
    emit('ingest_batch10_latency_p50', round(percentile(latencies, 50)), 'ms');
    emit('ingest_batch10_latency_p99', round(percentile(latencies, 99)), 'ms');
    emit('ingest_events_lost', acked - stored, 'events');
    emit('ingest_requests_failed', failed, 'requests');
    if (failures.size) console.error('ingest: failed requests by cause', JSON.stringify(Object.fromEntries(failures)));
    emit('ingest_duration', round(elapsed, 1), 's');
    // CPU the server spent per 1,000 stored events: the machine-load-independent cost.
    emit('ingest_server_cpu_per_1k_events', round(((serverCpu(server.dataDir) - cpu0) / stored) * 1e6, 1), 'ms');
    emit('ingest_sqlite_bytes_per_event', round(((await dbBytes(server.dataDir)) - bytes0) / stored, 1), 'bytes');

    // Single-event requests per second, closed loop with 32 concurrent clients.
    const singleSeconds = envNumber('CRO_BENCH_SINGLE_SECONDS', 5);
    let done = 0;
    const until = performance.now() + singleSeconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        if (await send(dispatcher, url, makeBatch(site.public_key, 1, 5000, Date.now()))) done++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 32 }, worker));
    emit('ingest_single_event_requests_per_s', round(done / ((performance.now() - t0) / 1000), 0), 'requests/s');
  } finally {
    dispatcher.destroy();
    await server.stop();
  }
}
