/**
 * Issue 30, finding 9: 'Send now' had no limit (30 presses in a few seconds made 30 reports and
 * 30 mails with attachments). Now a report is sent now at most once a minute and a site's reports
 * at most 10 times an hour; past that the answer is 429 with the wait in words and Retry-After,
 * and nothing is made or mailed.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../helpers/pocketbase';
import { startSmtp, type SmtpListener } from '../../helpers/smtp';
import { startSuite } from '../../helpers/suite';

let server: TestServer, smtp: SmtpListener, owner: TestUser, site: RecordModel;

beforeAll(async () => {
  smtp = await startSmtp();
  ({ server, owner, site } = await startSuite({ users: ['owner'], site: 'limits.example.com', env: smtp.env }));
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const report = (name: string) =>
  owner.client.collection('scheduled_reports').create({
    site_id: site.id,
    name,
    report_type: 'performance',
    frequency: 'weekly',
    format: 'csv',
    recipients: [owner.email],
    enabled: true,
  });
const sendNow = (id: string) =>
  fetch(`${server.url}/api/cro/reports/${id}/send`, { method: 'POST', headers: { authorization: owner.client.authStore.token } });
const history = async (id: string) =>
  (await server.admin.collection('report_history').getFullList({ filter: `report_id = "${id}"` })).length;

it('the same report pressed 30 times in a row is made and mailed once', async () => {
  const r = await report('Pressed often');
  const answers = await Promise.all(Array.from({ length: 30 }, () => sendNow(r.id)));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 202)).toHaveLength(1);
  expect(statuses.filter((s) => s === 429)).toHaveLength(29);
  const refused = answers.find((a) => a.status === 429)!;
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = (await refused.json()) as { message: string };
  expect(body.message).toMatch(/^This report was sent a moment ago\. You can send it again in (\d+ seconds?|1 minute)\.$/);
  expect(await history(r.id)).toBe(1);
  await smtp.waitFor((m) => m.subject.startsWith('Pressed often'));
  await new Promise((done) => setTimeout(done, 500));
  expect(smtp.mails.filter((m) => m.subject.startsWith('Pressed often'))).toHaveLength(1);
});

it("a site's reports are sent now at most 10 times an hour", async () => {
  // One send so far (the test above); nine more reports fill the hour.
  for (let i = 0; i < 9; i++) expect((await sendNow((await report(`Report ${i}`)).id)).status).toBe(202);
  const eleventh = await report('One too many');
  const res = await sendNow(eleventh.id);
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
  expect(((await res.json()) as { message: string }).message).toMatch(
    /^This site's reports were sent 10 times in the last hour with Send now, the most an hour allows\. You can send one again in \d+ minutes\.$/,
  );
  expect(await history(eleventh.id)).toBe(0);
});
