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
// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

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
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  // Found by the security review (issue 30, finding 7): X-Frame-Options was PocketBase's SAMEORIGIN
  // and Referrer-Policy and Permissions-Policy were missing on everything PocketBase answers.
  it('the API, the public API, the tracker, stored files and the admin UI carry every protective header', async () => {
    const avatar = new FormData();
    avatar.append('email', `framed-${Date.now()}@example.com`);
    avatar.append('password', 'framed-pass-4821');
    avatar.append('passwordConfirm', 'framed-pass-4821');
    avatar.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const user = await server.admin.collection('users').create(avatar);
    const auth = { authorization: server.admin.authStore.token };
    const paths: [string, number, Record<string, string>?][] = [
      ['/api/health', 200],
      ['/api/collections/users/records', 200],
      ['/api/collections/users/auth-with-password', 404], // GET of a POST route: PocketBase's own 404
      ['/v1/openapi.json', 200],
      ['/v1/analytics', 401],
      ['/t/unknownkey.js', 404],
      [`/api/files/users/${user.id}/${user.avatar}`, 200, auth],
      ['/api/files/users/nosuchrecord0/none.png', 404],
      ['/_/', 200],
    ];
    for (const [path, status, headers] of paths) {
      const res = await fetch(`${server.url}${path}`, { headers });
      expect([path, res.status]).toEqual([path, status]);
      expect([path, res.headers.get('x-frame-options')]).toEqual([path, 'DENY']);
      expect([path, res.headers.get('referrer-policy')]).toEqual([path, 'strict-origin-when-cross-origin']);
      expect([path, res.headers.get('permissions-policy')]).toEqual([path, expect.stringContaining('camera=()')]);
      expect([path, res.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
    }
  });

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
