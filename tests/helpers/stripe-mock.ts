/**
 * stripe-mock (Stripe's official API mock, built from its Go module into .bin/stripe-mock by
 * scripts/setup.sh) on a free loopback port over plain HTTP (its HTTPS listener on another free loopback port, unused). It validates every request against
 * Stripe's OpenAPI spec and answers with fixture objects.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

const BINARY = join(resolve(import.meta.dirname, '../..'), '.bin/stripe-mock');
/** The line stripe-mock prints once its HTTP listener is bound ("Listening for HTTP at address: 127.0.0.1:39297"). */
const LISTENING = /Listening for HTTP at address: (\S+)/;

export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, decoded. */
  form: URLSearchParams;
}

export interface StripeMock {
  /** What the product server should call: a recording proxy in front of stripe-mock. */
  url: string;
  /** Every request that reached Stripe's API, in order. */
  requests: StripeRequest[];
  /** The env for the product server to use it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startStripeMock(): Promise<StripeMock> {
  if (!existsSync(BINARY)) throw new Error('stripe-mock is missing: run `bash scripts/setup.sh`');
  // Port 0: stripe-mock binds a free port itself and prints it, so no other process can take it
  // between our choosing it and its binding (a port chosen here first once was: "address already in use").
  const proc = spawn(BINARY, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout.on('data', (d) => (log += d));
  proc.stderr.on('data', (d) => (log += d));
  let url = '';
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`stripe-mock exited:\n${log}`);
    const bound = LISTENING.exec(log)?.[1];
    if (bound) url = `http://${bound}`;
    try {
      const res = url ? await fetch(`${url}/v1/prices`, { headers: { Authorization: 'Bearer sk_test_123' } }) : undefined;
      if (res?.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`stripe-mock did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const requests: StripeRequest[] = [];
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: req.method ?? 'GET',
        path: (req.url ?? '').split('?')[0] ?? '',
        form: new URLSearchParams(body.toString('utf8')),
      });
      try {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
        const upstream = await fetch(`${url}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      } catch (err) {
        res.writeHead(502).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url: proxyUrl,
    requests,
    env: { STRIPE_API_BASE: proxyUrl, STRIPE_SECRET_KEY: 'sk_test_123' },
    async stop() {
      await new Promise((r) => proxy.close(() => r(undefined)));
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    },
  };
}
