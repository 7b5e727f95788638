/**
 * A local HTTP server playing an outside receiver (a Slack incoming webhook, a customer's webhook
 * endpoint): it records every request, can fail the first N with 503, and checks the
 * X-CRO-Signature of signed deliveries the way a customer's receiver would.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookStandIn {
  url: string;
  hostPort: string;
  received: Received[];
  /** Answer 503 to the next n requests. */
  failNext(n: number): void;
  stop(): Promise<void>;
}

export async function startWebhookStandIn(answer = 'ok', onReceive?: (r: Received) => void): Promise<WebhookStandIn> {
  const received: Received[] = [];
  let failing = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      onReceive?.(r);
      if (failing > 0) {
        failing--;
        res.writeHead(503).end('try later');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    received,
    failNext: (n) => (failing = n),
    stop: () => closeServer(server),
  };
}

/** Whether header is a valid X-CRO-Signature of body with secret, made within maxAgeSeconds. */
export function validSignature(header: string | undefined, body: string, secret: string, maxAgeSeconds = 300): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const age = Math.abs(Date.now() / 1000 - Number(m[1]));
  const want = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  return age <= maxAgeSeconds && timingSafeEqual(want, Buffer.from(m[2]!, 'hex'));
}

/** Shopify's and WooCommerce's webhook signature: base64 HMAC-SHA256 of the raw body. */
export const base64Hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64');
