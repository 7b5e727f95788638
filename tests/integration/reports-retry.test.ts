/**
 * A report whose mail the SMTP server refuses is retried with backoff (first after
 * CRO_REPORT_RETRY_SECONDS, then four times longer) and recorded: sent on a later attempt, or
 * failed with the server's error after three.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../helpers/smtp';
import { startSuite } from '../helpers/suite';

let server: TestServer, smtp: SmtpListener, owner: TestUser, site: RecordModel;
const tries = new Map<string, number>();

beforeAll(async () => {
  smtp = await startSmtp({
    // 'Flaky' is refused once, 'Broken' always.
    reject: (mail) => {
      const name = mail.subject.split(':')[0]!;
      tries.set(name, (tries.get(name) ?? 0) + 1);
      return name === 'Broken' || (name === 'Flaky' && tries.get(name) === 1);
    },
  });
  ({ server, owner, site } = await startSuite({
    users: ['owner'],
    site: 'retry.example.com',
    env: { ...smtp.env, CRO_REPORTS_INTERVAL_SECONDS: '1', CRO_REPORT_RETRY_SECONDS: '1' },
  }));
  // Scheduled reports need a paid plan.
  await server.admin.collection('sites').update(site.id, { plan_tier: 'starter' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function sendNow(name: string): Promise<string> {
  const report = await owner.client.collection('scheduled_reports').create({
    site_id: site.id,
    name,
    report_type: 'performance',
    frequency: 'weekly',
    format: 'pdf',
    recipients: [owner.email],
    enabled: true,
  });
  await owner.client.send(`/api/cro/reports/${report.id}/send`, { method: 'POST', requestKey: null });
  return report.id;
}

async function settled(reportId: string, timeoutMs: number): Promise<RecordModel> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [entry] = await server.admin.collection('report_history').getFullList({ filter: `report_id = "${reportId}"` });
    if (entry && entry.status !== 'pending') return entry;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`report ${reportId} still pending after ${timeoutMs} ms`);
}

it('a refused mail is sent on the next attempt, after the backoff', async () => {
  const started = Date.now();
  const id = await sendNow('Flaky');
  const entry = await settled(id, 15_000);
  expect(entry).toMatchObject({ status: 'sent', attempts: 2, error: '' });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  const mails = smtp.mails.filter((m) => m.subject.startsWith('Flaky:'));
  expect(mails).toHaveLength(1);
  // The retried mail attaches the stored file under the name it was made with, not the stored
  // file's (PocketBase normalizes that one: 'retry_example_<random>.mance-<date>.pdf').
  expect(mails[0]!.attachments.map((a) => a.filename)).toEqual([`retry.example.com-performance-${entry.covers}.pdf`]);
  expect(entry.attachment_name).toBe(`retry.example.com-performance-${entry.covers}.pdf`);
  expect((await server.admin.collection('scheduled_reports').getOne(id)).last_sent_at).not.toBe('');
});

it('a mail refused three times is marked failed with the error, and the report is not marked sent', async () => {
  const id = await sendNow('Broken');
  const entry = await settled(id, 20_000);
  expect(entry.status).toBe('failed');
  expect(entry.attempts).toBe(3);
  expect(entry.error).toMatch(/^Not sent after 3 attempts: .*451/);
  expect(tries.get('Broken')).toBe(3);
  expect((await server.admin.collection('scheduled_reports').getOne(id)).last_sent_at).toBe('');
});
