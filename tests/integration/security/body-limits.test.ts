// Public JSON routes refuse bodies far larger than they need before reading them: six
// concurrent 30 MB scan requests used to take the server from about 46 MB to 660 MB.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer, type TestUser } from '../../helpers/pocketbase';

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startPocketBase();
  user = await server.createUser();
});
afterAll(async () => server?.stop());

/** Resident memory of the test's server process, found by its data directory, in MB. */
function serverRssMb(): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(`--dir=${server.dataDir}`) || !cmd.includes('serve')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return Number(rss) / 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error('server process not found');
}

/** POSTs `size` bytes of JSON-looking filler, streamed, and resolves with the status. */
function postLarge(path: string, size: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(size), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(1 << 20, 'a');
    chunk.write('{"url":"');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('body limits', () => {
  it('six concurrent 30 MB scan requests are refused with 413 and the server stays small', async () => {
    const before = serverRssMb();
    const statuses = await Promise.all(Array.from({ length: 6 }, () => postLarge('/api/cro/scan', 30 << 20).catch(() => 0)));
    // The server answers 413 at once; the client may see the connection closed while still sending.
    expect(statuses.every((s) => s === 413 || s === 0)).toBe(true);
    expect(statuses).toContain(413);
    expect(serverRssMb() - before).toBeLessThan(60);
  });

  it.each([
    ['/api/cro/scan', 8 << 10],
    ['/api/cro/contact', 128 << 10],
    ['/api/cro/demo-request', 64 << 10],
  ])('%s refuses a body larger than it needs', async (path, size) => {
    expect(await postLarge(path, size)).toBe(413);
  });

  it.each([
    ['/api/cro/create-checkout-session', 8 << 10],
    ['/api/cro/verify-dns', 8 << 10],
    ['/api/cro/accept-invite', 8 << 10],
  ])('%s (signed in) refuses a body larger than it needs', async (path, size) => {
    expect(await postLarge(path, size, { authorization: user.client.authStore.token })).toBe(413);
  });

  it('a normal scan request still gets its usual answer', async () => {
    const res = await fetch(`${server.url}/api/cro/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: '' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Please enter a website URL to scan.');
  });
});
