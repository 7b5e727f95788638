/**
 * The dashboard benchmark (scripts/bench/40-dashboard-queries.part.mjs) at a size the suite can
 * afford: seeding in a second process leaves the client's event loop running (a loop blocked past
 * the server's 5-minute keep-alive idle timeout made the first query at 5M events fail with
 * status 0), every figure is printed, and a server that dies mid-run fails the benchmark.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../scripts/bench/big-site.mjs';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { makeSite } from './helpers';

const ROOT = resolve(import.meta.dirname, '../../..');

interface BenchRun {
  code: number | null;
  figures: Record<string, number>;
  stderr: string;
}

/** Runs `npm run bench -- dashboard`; `onFigure` sees each figure as it is printed. */
function runBench(env: Record<string, string>, onFigure: (name: string, pid: number) => void = () => {}): Promise<BenchRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/bench.mjs', 'dashboard'], { cwd: ROOT, env: { ...process.env, ...env } });
    const figures: Record<string, number> = {};
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      const lines = stdout.split('\n');
      stdout = lines.pop() ?? '';
      for (const line of lines) {
        const { name, value } = JSON.parse(line) as { name: string; value: number };
        figures[name] = value;
        onFigure(name, child.pid ?? 0);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('exit', (code) => done({ code, figures, stderr }));
  });
}

/** The `serve` process the benchmark started (a child of its node process). */
function serverOf(benchPid: number): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (ppid === benchPid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('serve')) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no server process under ${benchPid}`);
}

describe('seeding a site for the benchmark', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPocketBase();
  });
  afterAll(async () => server?.stop());

  it('keeps the event loop running while another process writes, and the next query answers', async () => {
    const owner = await server.createUser();
    const site = await makeSite(owner);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 50);
    const started = performance.now();
    const seeded = (await seed(server, site, 20_000)) as { events: number };
    const elapsed = performance.now() - started;
    clearInterval(timer);

    expect(seeded.events).toBeGreaterThanOrEqual(20_000);
    expect(elapsed).toBeGreaterThan(500);
    // A blocked loop ticks at most once, after the seeding returned.
    expect(ticks).toBeGreaterThan(elapsed / 50 / 4);
    const kpis = await owner.client.send(`/api/cro/kpis/${site.id}`, { requestKey: null });
    expect(kpis.month.sessions).toBeGreaterThan(0);
  }, 120_000);
});

describe('npm run bench -- dashboard', () => {
  it('prints the query times, the server peak memory and that it stayed up', async () => {
    const run = await runBench({ CRO_BENCH_EVENTS: '3000', CRO_BENCH_QUERY_RUNS: '5' });
    expect(run.stderr).not.toContain('failed');
    expect(run.code).toBe(0);
    expect(run.figures.dashboard_events_in_site).toBeGreaterThanOrEqual(3000);
    expect(run.figures.dashboard_overview_query_p95).toBeGreaterThan(0);
    expect(run.figures.dashboard_analytics_90d_query_p95).toBeGreaterThan(0);
    expect(run.figures.dashboard_sessions_90d_query_p95).toBeGreaterThan(0);
    expect(run.figures.dashboard_sessions_90d_page20_query_p95).toBeGreaterThan(0);
    expect(run.figures.dashboard_server_peak_rss_mb).toBeGreaterThan(10);
    expect(run.figures.dashboard_server_stayed_up).toBe(1);
  }, 120_000);

  it('fails, says the server exited and shows its log when the server dies during the queries', async () => {
    // Far more query runs than can finish: the server is killed while they run.
    const run = await runBench({ CRO_BENCH_EVENTS: '3000', CRO_BENCH_QUERY_RUNS: '10000000' }, (name, benchPid) => {
      if (name === 'db_bytes_per_million_events') setTimeout(() => process.kill(serverOf(benchPid), 'SIGKILL'), 300);
    });
    expect(run.code).toBe(1);
    expect(run.figures.dashboard_server_stayed_up).toBe(0);
    expect(run.figures.dashboard_overview_query_p95).toBeUndefined();
    expect(run.stderr).toContain('dashboard: server exited (SIGKILL)');
    expect(run.stderr).toMatch(/GET \/api\/cro\/kpis\/\w+ failed on run \d+/);
    const logFile = /server log \(whole: (\S+),/.exec(run.stderr)?.[1] ?? '';
    expect(readFileSync(logFile, 'utf8')).toContain('Server started at');
    rmSync(logFile);
  }, 120_000);
});
