// Mail through a real SMTP listener: the welcome and verification mails after sign-up, the
// password reset link to the site's own page, and sign-up that never waits on a broken mailer.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { freePort, startPocketBase, type TestServer } from '../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../helpers/smtp';

const APP = 'http://app.test:4321';
let smtp: SmtpListener;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startPocketBase({
    env: {
      ...smtp.env,
      APP_URL: APP,
      MAIL_FROM_ADDRESS: 'hello@upliftly.test',
      MAIL_FROM_NAME: 'Upliftly',
      SALES_EMAIL: 'sales@upliftly.test',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('mail after sign-up', () => {
  it('sends the welcome mail, greeting the user by the part of the email before the @', async () => {
    const email = `jane.doe+${Date.now()}@example.com`;
    await server.anonymous().collection('users').create({ email, password: 'kettle-Quartz-81', passwordConfirm: 'kettle-Quartz-81' });

    const welcome = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Welcome'));
    const name = email.split('@')[0];
    expect(welcome.subject).toBe(`Welcome to Upliftly, ${name}!`);
    expect(welcome.from).toBe('hello@upliftly.test');
    expect(welcome.text).toContain(`Hi ${name},`);
    expect(welcome.text).toContain(`${APP}/dashboard`);
    expect(welcome.html).toContain(`Hi ${name},`);

    // And a verification mail whose link opens the site's confirmation page.
    const verify = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Verify'));
    const token = new RegExp(`${APP}/auth/verify\\?token=([\\w.-]+)`).exec(verify.html)?.[1];
    expect(token).toBeTruthy();
    await server.anonymous().collection('users').confirmVerification(token!);
    const user = await server.admin.collection('users').getFirstListItem(`email = "${email}"`);
    expect(user.verified).toBe(true);
  });

  it("mails a password reset link to the site's reset page, and the token sets a new password", async () => {
    const user = await server.createUser();
    await server.anonymous().collection('users').requestPasswordReset(user.email);
    const reset = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.startsWith('Reset'));
    const token = new RegExp(`${APP}/auth/reset-password\\?token=([\\w.-]+)`).exec(reset.html)?.[1];
    expect(token).toBeTruthy();
    await server.anonymous().collection('users').confirmPasswordReset(token!, 'brand-new-pass', 'brand-new-pass');
    await expect(server.anonymous().collection('users').authWithPassword(user.email, 'brand-new-pass')).resolves.toBeTruthy();
  });
});

describe('demo requests', () => {
  it('tell the sales inbox, with the requester as Reply-To', async () => {
    const res = await fetch(`${server.url}/api/cro/demo-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada',
        email: 'ada@bigshop.example',
        company: 'Big Shop',
        monthly_visitors: '1,000,000+',
        message: 'Ten brands.',
      }),
    });
    expect(res.status).toBe(200);
    const notice = await smtp.waitFor((m) => m.to.includes('sales@upliftly.test'));
    expect(notice.subject).toBe('Demo request: Big Shop');
    expect(notice.headers['reply-to']).toContain('ada@bigshop.example');
    expect(notice.text).toContain('Monthly visitors: 1,000,000+');
    expect(notice.text).toContain('Ten brands.');
  });
});

describe('without working mail or payments', () => {
  it('signs up even when the SMTP server is unreachable, and answers 503 for checkout without a Stripe key', async () => {
    const closed = await freePort();
    const broken = await startPocketBase({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closed), STRIPE_SECRET_KEY: '' } });
    try {
      const email = `nomail-${Date.now()}@example.com`;
      const anon = broken.anonymous();
      await anon.collection('users').create({ email, password: 'kettle-Quartz-81', passwordConfirm: 'kettle-Quartz-81' });
      const auth = await anon.collection('users').authWithPassword(email, 'kettle-Quartz-81');
      expect(auth.record.email).toBe(email);
      // The failure is in the server's log (written in batches).
      await expect
        .poll(async () => (await broken.admin.logs.getList(1, 10, { filter: 'message ~ "welcome mail failed"' })).totalItems, {
          timeout: 10_000,
        })
        .toBe(1);

      let err: ClientResponseError | undefined;
      try {
        await anon.send('/api/cro/create-checkout-session', { method: 'POST', body: { plan: 'growth' } });
      } catch (e) {
        err = e as ClientResponseError;
      }
      expect(err?.status).toBe(503);
      expect(err?.response.message).toBe('Payments are not configured');
    } finally {
      await broken.stop();
    }
  });

  it('answers a sign-up while the SMTP server hangs: the mail is sent after the response', async () => {
    // An SMTP server that accepts connections and never says a word: a synchronous send would
    // hold the sign-up until the connection gave up.
    const sockets: Socket[] = [];
    const hanging = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => hanging.listen(0, '127.0.0.1', done));
    const port = (hanging.address() as AddressInfo).port;
    const slow = await startPocketBase({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) } });
    try {
      const email = `hang-${Date.now()}@example.com`;
      const created = await slow
        .anonymous()
        .collection('users')
        .create({ email, password: 'kettle-Quartz-81', passwordConfirm: 'kettle-Quartz-81' });
      expect(created.id).toBeTruthy();
      // The queued welcome mail is under way on a connection the server has not answered.
      await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(sockets.every((s) => !s.destroyed)).toBe(true);
      const auth = await slow.anonymous().collection('users').authWithPassword(email, 'kettle-Quartz-81');
      expect(auth.record.email).toBe(email);
    } finally {
      sockets.forEach((s) => s.destroy());
      await slow.stop();
      await new Promise((done) => hanging.close(done));
    }
  });
});
