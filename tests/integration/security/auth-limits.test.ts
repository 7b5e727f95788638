// Sign-in and sign-up limits hold for a client with a token too, and per target: failed
// sign-ins per account (whatever the address) and reset mails per mailbox.
import { afterEach, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../../helpers/smtp';

let server: TestServer | undefined;
let smtp: SmtpListener | undefined;
afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  server = smtp = undefined;
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('auth limits with a token', () => {
  it('40 wrong passwords in a row with a user token are refused past the limit', async () => {
    server = await startPocketBase({ env: { CRO_AUTH_RATE_LIMIT: '10' } });
    const attacker = await server.createUser();
    const victim = await server.createUser();
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const res = await post(
        `${server.url}/api/collections/users/auth-with-password`,
        { identity: victim.email, password: `wrong-${i}` },
        { authorization: attacker.client.authStore.token },
      );
      statuses.push(res.status);
    }
    const windows = Math.ceil((Date.now() - started) / 10_000); // the limit is per 10 s
    // Signing the two users in took two of the address's ten attempts.
    expect(statuses.slice(0, 8)).toEqual(new Array(8).fill(400));
    expect(statuses[8]).toBe(429);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // A busy machine may need more than one window for the 40: each window lets ten through at most.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(8 + 10 * (windows - 1));
  });

  it('25 sign-ups with a user token stop at the limit, and so do their mails', async () => {
    smtp = await startSmtp();
    server = await startPocketBase({ env: { ...smtp.env, CRO_AUTH_RATE_LIMIT: '10' } });
    const attacker = await server.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const email = `target${i}-${Date.now()}@victims.test`;
      const res = await post(
        `${server.url}/api/collections/users/records`,
        { email, password: 'whatever-123', passwordConfirm: 'whatever-123' },
        { authorization: attacker.client.authStore.token },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(new Array(15).fill(429));
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.filter((m) => m.to.some((t) => t.endsWith('@victims.test'))).length).toBeLessThanOrEqual(20);
  });
});

describe('limits per target', () => {
  it('failed sign-ins are limited per account even when each comes from another address', async () => {
    server = await startPocketBase({ env: { CRO_AUTH_RATE_LIMIT: '10' } });
    const settings = await server.admin.settings.getAll();
    await server.admin.settings.update({ trustedProxy: { ...settings.trustedProxy, headers: ['X-Forwarded-For'] } });
    const victim = await server.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(
        `${server.url}/api/collections/users/auth-with-password`,
        { identity: victim.email.toUpperCase(), password: `wrong-${i}` },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...new Array(10).fill(400), 429, 429]);
    // Another account from the same addresses is not affected.
    const other = await server.createUser();
    const ok = await post(
      `${server.url}/api/collections/users/auth-with-password`,
      { identity: other.email, password: other.password },
      { 'x-forwarded-for': '203.0.113.1' },
    );
    expect(ok.status).toBe(200);
  });

  it('reset mails to one mailbox: five requests with a token send three mails, a sixth is refused', async () => {
    smtp = await startSmtp();
    server = await startPocketBase({ env: smtp.env });
    const attacker = await server.createUser();
    const victim = await server.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(
        `${server.url}/api/collections/users/request-password-reset`,
        { email: victim.email },
        { authorization: attacker.client.authStore.token },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    await smtp.waitFor((m) => m.to.includes(victim.email) && m.subject.startsWith('Reset'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails.filter((m) => m.to.includes(victim.email) && m.subject.startsWith('Reset'))).toHaveLength(3);
  });
});
