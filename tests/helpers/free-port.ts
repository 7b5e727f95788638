/**
 * A free loopback port for a server that cannot bind port 0 itself and report it (PocketBase,
 * pebble, ClickHouse, the product's edge and DNS listeners). It is taken below the kernel's
 * ephemeral range: ports handed out to outgoing connections and to port-0 listeners come from that
 * range, and one of them could take a port chosen there before its server binds it (stripe-mock's
 * CI failure, 'address already in use'). Below it only an explicit bind can, and each choice is
 * checked by binding it first. No other imports: the benchmarks load this file in plain Node.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the kernel's ephemeral range (Linux's default when it cannot be read). */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 2048 ? first : 32768;
  } catch {
    return 32768;
  }
}

const LOWEST = 10000;

function bindsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const top = ephemeralStart();
  const span = Math.max(1, top - LOWEST);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = top > LOWEST ? LOWEST + Math.floor(Math.random() * span) : 0;
    if (port === 0) break;
    if (await bindsFree(port)) return port;
  }
  // No room below the ephemeral range (or all of it taken): let the kernel choose.
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
