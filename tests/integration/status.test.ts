// /api/cro/status: the install's own checks, run on a short interval here, stored, and reported
// with each service's state and uptime; a service that fails shows as an outage.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPocketBase, type TestServer } from '../helpers/pocketbase';

interface ServiceReport {
  name: string;
  state: string;
  uptime: number | null;
  checks: number;
  latencyMs: number | null;
  error?: string;
}

let server: TestServer;
beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), 'cro-status-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
  // Mail goes to a port where nothing listens: every send fails.
  const closed = await freePort();
  server = await startPocketBase({
    siteDir: site,
    env: { CRO_STATUS_INTERVAL_SECONDS: '1', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closed), SMTP_TLS: 'false' },
  });
});
afterAll(async () => server?.stop());

async function report(): Promise<{ checkedAt: string; services: ServiceReport[] }> {
  const res = await fetch(`${server.url}/api/cro/status`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('the status report', () => {
  it('lists every checked service as operational with its measured uptime once the checks have run', async () => {
    await expect.poll(async () => Math.min(...(await report()).services.map((s) => s.checks)), { timeout: 15_000 }).toBeGreaterThan(1);
    const r = await report();
    expect(r.services.map((s) => s.name)).toEqual(['API', 'Web App', 'Analytics Engine', 'Mail']);
    for (const s of r.services) {
      expect(s, `${s.name}: ${s.error ?? ''}`).toMatchObject({ state: 'operational', uptime: 100 });
      expect(s.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(Date.parse(r.checkedAt.replace(' ', 'T'))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows mail as an outage when sending fails, and its uptime drops below 100%', async () => {
    const email = `status-${Date.now()}@example.com`;
    await server.anonymous().collection('users').create({ email, password: 'kettle-Quartz-81', passwordConfirm: 'kettle-Quartz-81' });
    await expect.poll(async () => (await report()).services.find((s) => s.name === 'Mail')?.state, { timeout: 20_000 }).toBe('outage');
    const mail = (await report()).services.find((s) => s.name === 'Mail')!;
    expect(mail.error).toMatch(/^the last mail could not be sent: /);
    expect(mail.uptime).toBeLessThan(100);
    expect((await report()).services.find((s) => s.name === 'API')?.state).toBe('operational');
  });
});
