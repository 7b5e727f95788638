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

/** Binds the port on loopback and lets it go: the port bound (the kernel's choice for 0), or null when it is taken. */
function bindOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(address && typeof address === 'object' ? address.port : null));
    });
  });
}

export async function freePort(): Promise<number> {
  const top = ephemeralStart();
  for (let attempt = 0; top > LOWEST && attempt < 50; attempt++) {
    const port = await bindOnce(LOWEST + Math.floor(Math.random() * (top - LOWEST)));
    if (port) return port;
  }
  // No room below the ephemeral range (or all of it taken): let the kernel choose.
  const port = await bindOnce(0);
  if (!port) throw new Error('no free loopback port');
  return port;
}
