/**
 * Starts a real PocketBase (the project's own binary, hooks and migrations) on a loopback port
 * with a fresh temporary data dir, and hands tests SDK clients: one superuser, and new users.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import PocketBase, { type RecordModel } from 'pocketbase';
// With its extension: the benchmarks load these helpers in plain Node.
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, '.bin/cro-server');
export const SUPERUSER = { email: 'superuser@test.local', password: 'superuser-pass-123' };

export interface TestUser {
  client: PocketBase;
  record: RecordModel;
  email: string;
  password: string;
}

export interface TestServer {
  url: string;
  dataDir: string;
  /** An SDK client signed in as a superuser. */
  admin: PocketBase;
  /** A new anonymous SDK client. */
  anonymous(): PocketBase;
  /** Creates a user (verified unless told otherwise) and returns a signed-in client for it. */
  createUser(options?: { email?: string; password?: string; verified?: boolean }): Promise<TestUser>;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL, as a crash or power cut would) and starts it again on the same port and data. */
  restart(): Promise<void>;
  /** What the server printed, for failure messages. */
  output(): string;
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  /**
   * The server's exit code (a signal that ended it shows as its name), or null if it still runs
   * after `waitMs`: a dead server's exit is seen a moment after its closed sockets are.
   */
  exitStatus(waitMs?: number): Promise<number | string | null>;
}

/** Re-exported: the tests that start servers beside PocketBase take their ports here. */
export { freePort };

export interface StartOptions {
  port?: number;
  env?: Record<string, string>;
  /** The Astro build to serve; none by default (API only). */
  siteDir?: string;
}

function newClient(url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

let userCounter = 0;

export async function startPocketBase(options: StartOptions = {}): Promise<TestServer> {
  let port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'cro-pb-'));
  let url = `http://127.0.0.1:${port}`;
  const common = [
    `--dir=${dataDir}`,
    `--hooksDir=${join(ROOT, 'pocketbase/pb_hooks')}`,
    `--migrationsDir=${join(ROOT, 'pocketbase/pb_migrations')}`,
    `--siteDir=${options.siteDir ?? ''}`,
  ];
  // Tests create many users from one address; the sign-in limit test sets the real value.
  // The scheduled health evaluation is off: tests call /api/cro/evaluate-health when they mean to.
  const env = { ...process.env, CRO_AUTH_RATE_LIMIT: '1000', CRO_HEALTH_CRON: 'off', ...options.env };
  await promisify(execFile)(SERVER, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password, ...common], { env });

  let log = '';
  const serve = () => {
    const p: ChildProcess = spawn(SERVER, ['serve', `--http=127.0.0.1:${port}`, ...common], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout?.on('data', (d) => (log += d));
    p.stderr?.on('data', (d) => (log += d));
    return p;
  };
  let proc = serve();
  // The free port can be taken by another process before the server binds it (suites start side
  // by side): then take another, unless the caller chose the port.
  for (let attempt = 1; ; attempt++) {
    try {
      await waitForHealth(url, proc, () => log);
      break;
    } catch (e) {
      if (options.port || attempt >= 5 || !log.includes('address already in use')) throw e;
      port = await freePort();
      url = `http://127.0.0.1:${port}`;
      log = '';
      proc = serve();
    }
  }

  const admin = newClient(url);
  await admin.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);

  return {
    url,
    dataDir,
    admin,
    anonymous: () => newClient(url),
    async createUser(opts = {}) {
      userCounter += 1;
      const email = opts.email ?? `user${userCounter}-${Date.now()}@example.com`;
      const password = opts.password ?? 'password-123';
      await admin.collection('users').create({ email, password, passwordConfirm: password, verified: opts.verified ?? true });
      const client = newClient(url);
      const auth = await client.collection('users').authWithPassword(email, password);
      return { client, record: auth.record, email, password };
    },
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGKILL');
        await exited;
      }
      const from = log.length;
      proc = serve();
      await waitForHealth(url, proc, () => log, from);
    },
    output: () => log,
    get pid() {
      return proc.pid ?? 0;
    },
    async exitStatus(waitMs = 0) {
      if (waitMs > 0 && proc.exitCode === null && proc.signalCode === null) {
        await new Promise<void>((done) => {
          const onExit = () => {
            clearTimeout(timer);
            done();
          };
          const timer = setTimeout(() => {
            proc.off('exit', onExit);
            done();
          }, waitMs);
          proc.once('exit', onExit);
        });
      }
      return proc.exitCode ?? proc.signalCode;
    },
  };
}

/**
 * Waits until the server answers its health check and its own log says it listens on url (after
 * the log's first `from` characters: a restart's new banner). A health answer alone is not enough:
 * when another suite's server or stand-in took the port first, this one fails to bind while the
 * other answers, and the test would talk to the wrong server.
 */
async function waitForHealth(url: string, proc: ChildProcess, log: () => string, from = 0): Promise<void> {
  const deadline = Date.now() + 30_000;
  const listening = (): boolean => log().slice(from).includes(`Server started at ${url}`);
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`PocketBase exited with ${proc.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && listening()) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`PocketBase did not become healthy in 30 s:\n${log()}`);
}
