// Security headers as a browser sees them: a strict Content-Security-Policy on the site and the
// dashboard whose script hashes match the inline scripts of the build, the other protective
// headers everywhere, and CORS only on the routes customers' sites call.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';

const DIST = resolve(import.meta.dirname, '../../../dist');
let server: TestServer;
beforeAll(async () => {
  if (!existsSync(`${DIST}/index.html`)) throw new Error('These tests read the site build: run `npx astro build` first');
  server = await startPocketBase({ siteDir: DIST });
});
afterAll(async () => server?.stop());

const FOREIGN = 'https://attacker.example';

describe('headers', () => {
  it.each(['/', '/pricing', '/help', '/dashboard', '/dashboard/team'])(
    '%s has a strict policy covering its inline scripts',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives['script-src']?.slice(0, 1)).toEqual(["'self'"]);
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      const html = await res.text();
      for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        if (/\ssrc=/.test(attrs!)) continue;
        const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
        expect(directives['script-src']).toContain(hash);
      }
      expect(html).not.toMatch(/\son(error|load|submit|click)=/i);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    },
  );

  it('the API answers a foreign origin without CORS headers', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { origin: FOREIGN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const preflight = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the tracker script and collect keep their cross-origin access', async () => {
    const script = await fetch(`${server.url}/t/unknownkey.js`, { headers: { origin: FOREIGN } });
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${server.url}/api/cro/collect`, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
