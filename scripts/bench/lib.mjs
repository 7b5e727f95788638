// Helpers shared by the bench parts: a real server from the test helper, percentiles, sites.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Clean-ups the runner (scripts/bench.mjs) awaits after the last part, such as a shared server. */
export const atEnd = [];

/** Builds what the server needs (tracker, binary) like every other script. */
export function setup() {
  const r = spawnSync('bash', [resolve(ROOT, 'scripts/setup.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('setup failed');
}

export async function startServer(env = {}) {
  const { startPocketBase } = await import('../../tests/helpers/pocketbase.ts');
  const server = await startPocketBase({ env });
  if (!process.env.CRO_PPROF_ADDR && !env.CRO_PPROF_ADDR) return server;
  // With CRO_PPROF_ADDR each server (and collector) profiles on its own port: print where, again
  // after each restart (a new process, a new port when the old one is not free yet).
  let seen = 0;
  const printWhere = () => {
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes('pprof: '));
    for (const l of lines.slice(seen)) console.error(`bench: ${l.slice(l.indexOf('pprof: '))}`);
    seen = lines.length;
  };
  printWhere();
  const restart = server.restart;
  server.restart = async () => {
    await restart();
    printWhere();
  };
  return server;
}

/** Prints a child's pprof line (CRO_PPROF_ADDR) from its stderr, which it keeps draining. */
export function printPprofOf(stream, label) {
  let buf = '';
  const onData = (d) => {
    buf += d;
    const line = buf.split('\n').find((l) => l.includes('pprof: '));
    if (line) {
      console.error(`bench: ${label} ${line.slice(line.indexOf('pprof: '))}`);
      stream.off('data', onData);
      stream.resume();
    } else if (buf.length > 1 << 16) buf = '';
  };
  stream.on('data', onData);
}

/** A user with one site; returns the owner's client and the site record. */
export async function siteFor(server, domain = 'bench.example.com') {
  const owner = await server.createUser();
  const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain });
  return { owner, site };
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
export const envNumber = (name, def) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : def);

/** A process's resident memory in MB from /proc: current (VmRSS) and peak (VmHWM); null once it has exited. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number((status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm')) || [])[1] || 0);
    return { rssMb: round(kb('VmRSS') / 1024, 1), peakMb: round(kb('VmHWM') / 1024, 1) };
  } catch {
    return null;
  }
}

/**
 * Samples a process's memory every `everyMs` while a benchmark runs, so that a failure can show how
 * it grew. `peakMb` is the kernel's high-water mark (VmHWM), which catches spikes between samples.
 */
export function watchMemory(pid, everyMs = 1000) {
  const started = Date.now();
  const samples = [];
  let peakMb = 0;
  const sample = () => {
    const m = memoryOf(pid);
    if (!m) return;
    peakMb = Math.max(peakMb, m.peakMb);
    samples.push({ s: Math.round((Date.now() - started) / 1000), rssMb: m.rssMb });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    get peakMb() {
      sample();
      return peakMb;
    },
    /** At most `n` samples spread over the run, as "seconds:MB" pairs. */
    summary(n = 20) {
      const step = Math.max(1, Math.ceil(samples.length / n));
      return samples
        .filter((_, i) => i % step === 0 || i === samples.length - 1)
        .map((x) => `${x.s}s:${x.rssMb}MB`)
        .join(' ');
    },
    stop: () => clearInterval(timer),
  };
}

/** The last `lines` lines of a text. */
export const tail = (text, lines = 40) => text.split('\n').slice(-lines).join('\n');

/** Times `runs` GETs of a route as the client, sorted (ms); in run order on stderr. */
export async function timed(client, path, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await client.send(path, { requestKey: null });
    times.push(performance.now() - t);
  }
  console.error(`bench: ${path.replace(/\/[a-z0-9]{15}/g, '/:id')}: ${times.map((t) => Math.round(t)).join(' ')} ms`);
  return times.sort((a, b) => a - b);
}

/** The machine's load averages (1, 5 and 15 minutes), for progress lines. */
export const loadNow = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

/** Samples the 1-minute load average every `everyMs` until stop(): its median and highest. */
export function watchLoad(everyMs = 5000) {
  const samples = [loadavg()[0]];
  const timer = setInterval(() => samples.push(loadavg()[0]), everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const sorted = [...samples].sort((a, b) => a - b);
      return { median: percentile(sorted, 50), max: sorted[sorted.length - 1] };
    },
  };
}
