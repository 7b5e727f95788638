// Two stateless collectors (`cro-server collect`) in front of one ClickHouse, with site configs
// from a main server (31-ingest-clickhouse): the load generator spreads batches over them as a
// load balancer would, and can kill -9 one of them under load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, printPprofOf } from './lib.mjs';

export const COLLECTOR_TOKEN = 'bench-collector-token';

function freePort() {
  return new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts one collector; resolves once it answers. */
export async function startCollector(eventsUrl, configUrl, spool) {
  const port = await freePort();
  const proc = spawn(
    resolve(ROOT, '.bin/cro-server'),
    ['collect', `--http=127.0.0.1:${port}`, `--events=${eventsUrl}`, `--config=${configUrl}`, `--spool=${spool}`],
    {
      env: { ...process.env, CRO_COLLECTOR_TOKEN: COLLECTOR_TOKEN, CRO_COLLECT_SITE_RPS: '0', CRO_COLLECT_CLIENT_RPS: '0' },
      // With CRO_PPROF_ADDR, its stderr says where it profiles (printed, the rest drained).
      stdio: ['ignore', 'ignore', process.env.CRO_PPROF_ADDR ? 'pipe' : 'ignore'],
    },
  );
  if (proc.stderr) printPprofOf(proc.stderr, `collector on ${port}`);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/api/cro/collector/stats`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`collector on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => proc.once('exit', r));
  return {
    url,
    pid: proc.pid,
    kill9: async () => {
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Two collectors, each with its own spool directory; restart(i) starts collector i again on its
 * spool (which it replays before serving); stop() kills them and removes the spools.
 */
export async function startCollectors(eventsUrl, configUrl, n = 2) {
  const spools = Array.from({ length: n }, () => mkdtempSync(join(tmpdir(), 'cro-bench-spool-')));
  const list = [];
  for (const spool of spools) list.push(await startCollector(eventsUrl, configUrl, spool));
  return {
    list,
    restart: async (i) => {
      list[i] = await startCollector(eventsUrl, configUrl, spools[i]);
      return list[i];
    },
    stop: async () => {
      for (const c of list) await c.kill9().catch(() => {});
      for (const s of spools) rmSync(s, { recursive: true, force: true });
    },
  };
}
