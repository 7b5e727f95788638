/**
 * pebble (Let's Encrypt's ACME test server, built from its Go module into .bin/pebble by
 * scripts/setup.sh) on free loopback ports. It validates challenges by resolving the host name at
 * `dnsServer` (the install's own authoritative DNS) and connecting to the edge's HTTP and HTTPS
 * ports, as a real CA would on 80 and 443. Its certificates chain to a root it makes at start,
 * read from its management endpoint.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './pocketbase';

const BIN = join(resolve(import.meta.dirname, '../..'), '.bin');
const CERTS = join(BIN, 'pebble-certs');
/** The CA that signed pebble's own TLS certificate: what the ACME client trusts for the directory. */
export const PEBBLE_API_CA = join(CERTS, 'pebble.minica.pem');

export interface PebbleOptions {
  /** host:port of the DNS server pebble resolves names with. */
  dnsServer: string;
  /** The ports pebble connects to for http-01 and tls-alpn-01 (the edge's). */
  httpPort: number;
  tlsPort: number;
}

export interface Pebble {
  /** The ACME directory URL. */
  directory: string;
  /** The root the certificates it issues chain to (PEM). */
  root: string;
  /**
   * base64 SHA-256 of the root's and the intermediate's public keys, as Chromium's
   * --ignore-certificate-errors-spki-list takes them (it matches the chain the server sends, which
   * ends at the intermediate).
   */
  caSpkis: string;
  /** The env for the product server to use it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    // pebble refuses requests without a User-Agent, as Let's Encrypt does.
    const req = request(url, { ca: readFileSync(PEBBLE_API_CA), headers: { 'user-agent': 'cro-tests' } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

export async function startPebble(options: PebbleOptions): Promise<Pebble> {
  if (!existsSync(join(BIN, 'pebble'))) throw new Error('pebble is missing: run `bash scripts/setup.sh`');
  const dir = mkdtempSync(join(tmpdir(), 'pebble-'));
  // pebble cannot bind port 0 and tell which port it got: ports chosen free beforehand can be taken
  // by another process before it binds them (suites start side by side), so then take others.
  for (let attempt = 1; ; attempt++) {
    const [port, managementPort] = [await freePort(), await freePort()];
    const started = await launchPebble(options, dir, port, managementPort);
    if ('proc' in started) return finishStart(started.proc, dir, port, managementPort);
    if (attempt >= 5 || !started.log.includes('address already in use')) throw new Error(`pebble exited:\n${started.log}`);
  }
}

/** Runs pebble on these ports until its directory answers; the log when it exits first. */
async function launchPebble(
  options: PebbleOptions,
  dir: string,
  port: number,
  managementPort: number,
): Promise<{ proc: ChildProcess } | { log: string }> {
  const config = join(dir, 'pebble-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${port}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: join(CERTS, 'cert.pem'),
        privateKey: join(CERTS, 'key.pem'),
        httpPort: options.httpPort,
        tlsPort: options.tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  // No validation delays and no nonce rejections: fast, deterministic issuance.
  const proc = spawn(join(BIN, 'pebble'), ['-config', config, '-dnsserver', options.dnsServer], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout.on('data', (d) => (log += d));
  proc.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) return { log };
    const res = await get(`https://127.0.0.1:${port}/dir`).catch(() => undefined);
    // The management port is bound beside the directory: it has to answer too.
    const management = res?.status === 200 && (await get(`https://127.0.0.1:${managementPort}/roots/0`).catch(() => undefined));
    if (management && management.status === 200) return { proc };
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`pebble did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The started pebble's roots, as the product and tests read them. */
async function finishStart(proc: ChildProcess, dir: string, port: number, managementPort: number): Promise<Pebble> {
  const directory = `https://127.0.0.1:${port}/dir`;
  const root = (await get(`https://127.0.0.1:${managementPort}/roots/0`)).body;
  const intermediate = (await get(`https://127.0.0.1:${managementPort}/intermediates/0`)).body;
  const spki = (pem: string) =>
    createHash('sha256')
      .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
  return {
    directory,
    root,
    caSpkis: `${spki(root)},${spki(intermediate)}`,
    env: { CRO_ACME_DIRECTORY: directory, CRO_ACME_CA_FILE: PEBBLE_API_CA },
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 100));
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
