// Without MAIL_FROM_ADDRESS / MAIL_FROM_NAME, mails go out from the documented sender
// (no-reply@upliftly.se, named after APP_NAME), not PocketBase's preset support@example.com.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestServer } from '../../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../../helpers/smtp';

let smtp: SmtpListener;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  // Empty counts as unset (and overrides whatever the test runner's environment has).
  server = await startPocketBase({ env: { ...smtp.env, APP_NAME: 'Upliftly', MAIL_FROM_ADDRESS: '', MAIL_FROM_NAME: '' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('mail sender', () => {
  it('is the documented default for the welcome, verification and invite mails', async () => {
    const email = `sender-${Date.now()}@example.com`;
    await server.anonymous().collection('users').create({ email, password: 'sender-pass-123', passwordConfirm: 'sender-pass-123' });
    const welcome = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Welcome'));
    const verify = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Verify'));
    const owner = await server.createUser();
    const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: 'sender.example.com' });
    await owner.client.collection('site_members').create({ site_id: site.id, email: 'invitee@example.com', role: 'viewer' });
    const invite = await smtp.waitFor((m) => m.to.includes('invitee@example.com'));
    for (const mail of [welcome, verify, invite]) {
      expect(mail.from).toBe('no-reply@upliftly.se');
      expect(mail.headers.from).toContain('Upliftly');
    }
  });
});
