/**
 * A report send cut short by a stop of the server is taken up once at the next start: the SMTP
 * server holds the first try unanswered, the server is killed (SIGKILL) meanwhile and started
 * again on the same data; exactly one mail arrives and the history says sent.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../helpers/smtp';
import { startSuite } from '../helpers/suite';

let server: TestServer, smtp: SmtpListener, owner: TestUser, site: RecordModel;
let heldTries = 0;
let reachedSmtp: () => void = () => undefined;
const firstTryReachedSmtp = new Promise<void>((r) => (reachedSmtp = r));
let release: () => void = () => undefined;
const released = new Promise<void>((r) => (release = r));

beforeAll(async () => {
  smtp = await startSmtp({
    // The first try is left unanswered until the test lets go (after the kill).
    hold: (mail) => {
      if (!mail.subject.startsWith('Interrupted:') || ++heldTries > 1) return undefined;
      reachedSmtp();
      return released;
    },
  });
  ({ server, owner, site } = await startSuite({
    users: ['owner'],
    site: 'restart.example.com',
    env: { ...smtp.env, CRO_REPORTS_INTERVAL_SECONDS: '1', CRO_REPORT_RETRY_SECONDS: '1', MAIL_FROM_ADDRESS: 'reports@upliftly.test' },
  }));
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
});
afterAll(async () => {
  release();
  await server?.stop();
  await smtp?.stop();
});

const history = (reportId: string) => server.admin.collection('report_history').getFullList({ filter: `report_id = "${reportId}"` });

it('a send the server was making when it was killed is sent exactly once after the restart', async () => {
  const report = await owner.client.collection('scheduled_reports').create({
    site_id: site.id,
    name: 'Interrupted',
    report_type: 'performance',
    frequency: 'daily',
    format: 'pdf',
    recipients: [owner.email],
    enabled: true,
  });
  // Due now, as the clock would make it: the scheduler claims the send and hands it to SMTP.
  await server.admin.collection('scheduled_reports').update(report.id, { next_scheduled_at: new Date(Date.now() - 60_000).toISOString() });
  await firstTryReachedSmtp;
  const [inFlight] = await history(report.id);
  expect(inFlight).toMatchObject({ status: 'pending', attempts: 0 });
  expect(inFlight!.claimed_at).not.toBe('');

  await server.restart();
  release();

  const mail = await smtp.waitFor((m) => m.subject.startsWith('Interrupted: restart.example.com'), 20_000);
  expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.pdf$/)]);
  const deadline = Date.now() + 10_000;
  let entries = await history(report.id);
  while (entries[0]?.status !== 'sent' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    entries = await history(report.id);
  }
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ status: 'sent', attempts: 2, error: '', claimed_at: '' });
  // The schedule moved once, to the next day, and the report says when it was sent.
  const after = await server.admin.collection('scheduled_reports').getOne(report.id);
  expect(new Date(after.next_scheduled_at.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now());
  expect(after.last_sent_at).not.toBe('');

  // A few more ticks: nothing is sent again.
  await new Promise((r) => setTimeout(r, 3000));
  expect(smtp.mails.filter((m) => m.subject.startsWith('Interrupted:'))).toHaveLength(1);
  expect(await history(report.id)).toHaveLength(1);
}, 90_000);
