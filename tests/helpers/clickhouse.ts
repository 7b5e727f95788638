/**
 * A ClickHouse server for tests and benchmarks (the event store on ClickHouse, CRO_EVENTS_URL):
 * its own free loopback port, its data and config in a temporary directory removed by stop().
 * The same setup as the Go tests' pocketbase/eventstore/clickhouse/local.go. `.ci/run` installs
 * Debian's clickhouse-server; CRO_CLICKHOUSE_BIN names another binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface ClickHouse {
  /** http://127.0.0.1:<port>/ */
  url: string;
  pid: number;
  /** Runs one statement and returns its text output. */
  query(sql: string, database?: string): Promise<string>;
  stop(): Promise<void>;
}

/** The server command, or null when none is installed. */
export function clickHouseCommand(): string[] | null {
  if (process.env.CRO_CLICKHOUSE_BIN) return [process.env.CRO_CLICKHOUSE_BIN];
  for (const p of ['/usr/sbin/clickhouse-server', '/usr/bin/clickhouse-server']) if (existsSync(p)) return [p];
  for (const p of ['/usr/bin/clickhouse', '/usr/local/bin/clickhouse']) if (existsSync(p)) return [p, 'server'];
  return null;
}

// As pocketbase/eventstore/clickhouse/local.go's: merged parts in zstd (about half lz4's bytes).
// queryLog: system.query_log, flushed every second (the benchmarks read each query's CPU there).
const config = (dir: string, port: number, queryLog: boolean) => `<yandex>
  <logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/error.log</errorlog><console>0</console></logger>
  <http_port>${port}</http_port>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>67108864</mark_cache_size>
  <compression><case><method>zstd</method></case></compression>${
    queryLog
      ? '\n  <query_log><database>system</database><table>query_log</table><flush_interval_milliseconds>1000</flush_interval_milliseconds></query_log>'
      : ''
  }
</yandex>
`;

const users = (queryLog: boolean) => `<yandex>
  <profiles><default><max_threads>2</max_threads>${queryLog ? '<log_queries>1</log_queries>' : ''}</default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
    <profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
`;

export async function startClickHouse(options: { queryLog?: boolean } = {}): Promise<ClickHouse> {
  const [bin, ...args] = clickHouseCommand() ?? [];
  if (!bin) throw new Error('no clickhouse server binary: apt-get install clickhouse-server, or set CRO_CLICKHOUSE_BIN');
  const dir = mkdtempSync(join(tmpdir(), 'cro-clickhouse-'));
  for (const sub of ['data', 'tmp', 'user_files', 'format_schemas']) mkdirSync(join(dir, sub));
  // ClickHouse cannot bind port 0 and say which port it got: a port chosen free beforehand can be
  // taken by another process before it binds it (suites start side by side), so then take another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = await launch(bin, args, dir, port, options.queryLog ?? false);
    if (server) return server;
    if (attempt >= 5) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`clickhouse server did not start (last port ${port})`);
    }
  }
}

/** Runs the server on this port until it answers its ping as ClickHouse does; null when it exits first. */
async function launch(bin: string, args: string[], dir: string, port: number, queryLog: boolean): Promise<ClickHouse | null> {
  writeFileSync(join(dir, 'config.xml'), config(dir, port, queryLog));
  writeFileSync(join(dir, 'users.xml'), users(queryLog));
  const proc: ChildProcess = spawn(bin, [...args, `--config-file=${dir}/config.xml`], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}/`;
  const kill = async () => {
    proc.kill('SIGKILL'); // the data is thrown away; a graceful stop waits for idle connections
    await exited;
  };
  const stop = async () => {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      // Another server on a taken port answers too: only ClickHouse's own 'Ok.' counts.
      const res = await fetch(`${url}ping`);
      if (res.ok && (await res.text()).trim() === 'Ok.') break;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) return null; // most likely its port was taken
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`clickhouse server did not answer on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const query = async (sql: string, database = 'default') => {
    const res = await fetch(`${url}?database=${encodeURIComponent(database)}`, { method: 'POST', body: sql });
    const text = await res.text();
    if (!res.ok) throw new Error(`clickhouse: ${text.trim()}`);
    return text;
  };
  return { url, pid: proc.pid ?? 0, query, stop };
}
