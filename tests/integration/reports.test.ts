/**
 * Scheduled reports over HTTP with a real SMTP listener: editors and owners create, edit, pause
 * and delete them (viewers read, strangers see nothing); the server refuses recipients who are not
 * the site's members, bad addresses and more than 20, storing nothing; 'Send now' and the
 * scheduler mail the report with its file attached and record it in the history, whose file only
 * members can download; the Analytics export answers each format for members only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import type { TestServer, TestUser } from '../helpers/pocketbase';
import { readExcel, readPdf, sheetRows } from '../helpers/report-file';
import { refusal } from '../helpers/site-access';
import { startSmtp, type SmtpListener } from '../helpers/smtp';
import { startSuite } from '../helpers/suite';
import { unzip } from '../helpers/unzip';
import { batch, post, rid } from './analytics/helpers';

let server: TestServer, smtp: SmtpListener;
let owner: TestUser, editor: TestUser, viewer: TestUser, stranger: TestUser, site: RecordModel;

beforeAll(async () => {
  smtp = await startSmtp();
  ({ server, owner, editor, viewer, stranger, site } = await startSuite({
    users: ['owner', 'editor', 'viewer', 'stranger'],
    site: 'shop.example.com',
    roles: { editor: 'editor', viewer: 'viewer' },
    env: { ...smtp.env, CRO_REPORTS_INTERVAL_SECONDS: '1', MAIL_FROM_ADDRESS: 'reports@upliftly.test' },
  }));
  await owner.client.collection('sites').update(site.id, { time_zone: 'Europe/Stockholm' });
  // Daily reports come with Growth (tests/integration/reports-plans.test.ts covers each plan).
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await owner.client.collection('goals').create({ site_id: site.id, name: 'Purchase', type: 'event', match: 'purchase', enabled: true });
  const t = Date.now();
  const buyer = { v: rid('visitor'), s: rid('session') };
  const events = [
    { t: 'pv', ts: t, p: '/', r: 'https://www.google.com/' },
    { t: 'pv', ts: t + 1, p: '/thank-you' },
    { t: 'ev', ts: t + 2, p: '/thank-you', n: 'purchase', val: 129.5 },
  ];
  expect((await post(server, batch(site.public_key, events, buyer))).status).toBe(202);
  for (let i = 0; i < 3; i++) expect((await post(server, batch(site.public_key, [{ t: 'pv', ts: t, p: '/' }]))).status).toBe(202);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const valid = (over: Record<string, unknown> = {}) => ({
  site_id: site.id,
  name: 'Weekly performance',
  report_type: 'performance',
  frequency: 'weekly',
  format: 'pdf',
  recipients: [owner.email],
  enabled: true,
  ...over,
});

const stored = async () => (await server.admin.collection('scheduled_reports').getFullList({ filter: `site_id = "${site.id}"` })).length;

const history = (reportId: string) =>
  server.admin.collection('report_history').getFullList({ filter: `report_id = "${reportId}"`, sort: '-generated_at' });

async function waitForHistory(reportId: string, status: string): Promise<RecordModel> {
  for (let i = 0; i < 200; i++) {
    const [latest] = await history(reportId);
    if (latest?.status === status) return latest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${status} history for ${reportId}: ${JSON.stringify(await history(reportId))}`);
}

const attachment = (mail: { attachments: { filename: string; base64: string }[] }, ext: string) => {
  const file = mail.attachments.find((a) => a.filename.endsWith(ext));
  if (!file) throw new Error(`no ${ext} attachment in ${JSON.stringify(mail.attachments.map((a) => a.filename))}`);
  return Buffer.from(file.base64, 'base64');
};

describe('scheduled reports: who may do what', () => {
  it('owners and editors create, edit, pause and delete; viewers read only; strangers see nothing', async () => {
    const mine = await owner.client.collection('scheduled_reports').create(valid());
    const theirs = await editor.client.collection('scheduled_reports').create(valid({ recipients: [editor.email, viewer.email] }));
    expect(theirs.recipients).toEqual([editor.email, viewer.email]);

    expect(await refusal(viewer.client.collection('scheduled_reports').create(valid()))).toMatchObject({ status: 400 });
    expect(await refusal(viewer.client.collection('scheduled_reports').update(mine.id, { name: 'Mine now' }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(viewer.client.collection('scheduled_reports').delete(mine.id))).toMatchObject({ status: 404 });
    expect((await viewer.client.collection('scheduled_reports').getFullList()).map((r) => r.id).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
    expect(await stranger.client.collection('scheduled_reports').getFullList()).toEqual([]);
    expect(await refusal(stranger.client.collection('scheduled_reports').create(valid({ recipients: [stranger.email] })))).toMatchObject({
      status: 400,
    });

    // Paused: no next send; resumed: the next one again. The server owns both times.
    const paused = await editor.client.collection('scheduled_reports').update(mine.id, { enabled: false });
    expect(paused.next_scheduled_at).toBe('');
    const resumed = await editor.client.collection('scheduled_reports').update(mine.id, { enabled: true });
    expect(resumed.next_scheduled_at).not.toBe('');
    expect(
      await refusal(owner.client.collection('scheduled_reports').update(mine.id, { next_scheduled_at: '2020-01-01 08:00:00.000Z' })),
    ).toMatchObject({ status: 404 });

    await editor.client.collection('scheduled_reports').delete(theirs.id);
    await owner.client.collection('scheduled_reports').delete(mine.id);
    expect(await stored()).toBe(0);
  });

  it("sends at 08:00 on the site's clock, on the weekday it was made", async () => {
    const r = await owner.client.collection('scheduled_reports').create(valid({ frequency: 'daily' }));
    const next = new Date(r.next_scheduled_at.replace(' ', 'T'));
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit' }).format(next);
    expect(local).toBe('08:00');
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await owner.client.collection('scheduled_reports').delete(r.id);
  });
});

describe('scheduled reports: the server refuses bad input and stores nothing', () => {
  it.each([
    [{ recipients: ['stranger@example.com'] }, 'Not a member of this site: stranger@example.com.'],
    [{ recipients: ['not-an-address'] }, '"not-an-address" is not a valid email address.'],
    [{ recipients: [] }, 'Add at least one recipient.'],
    [{ recipients: Array.from({ length: 21 }, (_, i) => `member${i}@example.com`) }, 'A report can go to at most 20 recipients.'],
    [{ recipients: 'someone@example.com' }, 'Recipients must be a list of email addresses.'],
    [{ report_type: 'weekly-ish' }, 'Report type must be one of: performance, conversions, funnel, heatmap, session, full.'],
    [{ format: 'docx' }, 'Format must be one of: pdf, csv, excel, email.'],
    [{ frequency: '' }, 'Frequency must be one of: daily, weekly, monthly.'],
    [{ name: '   ' }, 'Give the report a name.'],
  ])('%j', async (over, message) => {
    const result = await refusal(owner.client.collection('scheduled_reports').create(valid(over)));
    expect(result).not.toBe('accepted');
    expect(result).toMatchObject({ status: 400 });
    expect((result as { message: string }).message.startsWith(message)).toBe(true);
    expect(await stored()).toBe(0);
  });

  it('refuses an edit that adds a stranger and keeps the report as it was', async () => {
    const r = await owner.client.collection('scheduled_reports').create(valid());
    const result = await refusal(owner.client.collection('scheduled_reports').update(r.id, { recipients: [owner.email, 'x@example.com'] }));
    expect(result).toMatchObject({ status: 400, message: expect.stringContaining('Not a member of this site: x@example.com.') });
    expect((await server.admin.collection('scheduled_reports').getOne(r.id)).recipients).toEqual([owner.email]);
    await owner.client.collection('scheduled_reports').delete(r.id);
  });
});

describe('sending', () => {
  it("'Send now' mails the PDF with the Analytics figures, records it as sent, and only members download it", async () => {
    const r = await owner.client.collection('scheduled_reports').create(valid({ recipients: [owner.email, editor.email] }));
    expect(await refusal(viewer.client.send(`/api/cro/reports/${r.id}/send`, { method: 'POST', requestKey: null }))).toMatchObject({
      status: 403,
    });
    expect(await refusal(stranger.client.send(`/api/cro/reports/${r.id}/send`, { method: 'POST', requestKey: null }))).toMatchObject({
      status: 404,
    });
    await editor.client.send(`/api/cro/reports/${r.id}/send`, { method: 'POST', requestKey: null });

    const mail = await smtp.waitFor((m) => m.subject.startsWith('Weekly performance: shop.example.com'));
    expect(mail.to.sort()).toEqual([owner.email, editor.email].sort());
    expect(mail.from).toBe('reports@upliftly.test');
    const pdf = await readPdf(attachment(mail, '.pdf'));
    expect(pdf.pages).toBe(4); // title, summary with chart, top pages, sources
    const analytics = await owner.client.send(`/api/cro/analytics/${site.id}?days=7`, { requestKey: null });
    expect(analytics.summary.conversionRate).toBe(25);
    expect(pdf.text).toContain(`${analytics.summary.conversionRate.toFixed(2)}%`);
    expect(pdf.text).toContain('/thank-you');
    expect(pdf.text).toContain('google.com');

    const entry = await waitForHistory(r.id, 'sent');
    expect(entry).toMatchObject({ report_name: 'Weekly performance', format: 'pdf', attempts: 1, error: '' });
    expect((await server.admin.collection('scheduled_reports').getOne(r.id)).last_sent_at).not.toBe('');

    // The stored file: members with a file token get it; a stranger's token does not open it.
    const fileUrl = (u: TestUser, token: string) => u.client.files.getURL(entry, entry.file, { token });
    const viewerToken = await viewer.client.files.getToken();
    const got = await fetch(fileUrl(viewer, viewerToken));
    expect(got.status).toBe(200);
    expect((await readPdf(Buffer.from(await got.arrayBuffer()))).pages).toBe(4);
    const strangerToken = await stranger.client.files.getToken();
    expect((await fetch(fileUrl(stranger, strangerToken))).status).toBe(404);
    expect(await stranger.client.collection('report_history').getFullList()).toEqual([]);
    await owner.client.collection('scheduled_reports').delete(r.id);
  });

  it('the scheduler sends a due Excel report with typed sheets and moves its next time', async () => {
    const r = await owner.client
      .collection('scheduled_reports')
      .create(valid({ name: 'Daily full', frequency: 'daily', format: 'excel', report_type: 'full' }));
    // Only the server writes send times: the test makes the report due as the clock would.
    await server.admin.collection('scheduled_reports').update(r.id, { next_scheduled_at: new Date(Date.now() - 60_000).toISOString() });
    const mail = await smtp.waitFor((m) => m.subject.startsWith('Daily full: shop.example.com'), 15_000);
    const book = await readExcel(attachment(mail, '.xlsx'));
    expect(book.sheets.map((s) => s.name)).toEqual([
      'Summary',
      'Daily',
      'Top pages',
      'Sources',
      'Devices',
      'Browsers',
      'Countries',
      'Funnels',
      'Experiments',
      'Rollbacks',
    ]);
    expect(book.sheets.every((s) => s.frozenHeader)).toBe(true);
    // A scheduled daily report covers yesterday: today's visits are in the next one.
    expect(sheetRows(book, 'Summary')[1]).toEqual(['Visitors', '0', '0', '0.00%']);
    expect(book.sheets[1]!.rows[1]![0]!.type).toBe('date');
    expect(book.sheets[0]!.rows[1]![1]!.type).toBe('number');
    await waitForHistory(r.id, 'sent');
    const after = await server.admin.collection('scheduled_reports').getOne(r.id);
    expect(new Date(after.next_scheduled_at.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now());
    await owner.client.collection('scheduled_reports').delete(r.id);
  });

  it("'email' sends the summary as the mail itself; CSV comes as a zip of one file per table", async () => {
    const email = await owner.client.collection('scheduled_reports').create(valid({ name: 'Summary mail', format: 'email' }));
    await owner.client.send(`/api/cro/reports/${email.id}/send`, { method: 'POST', requestKey: null });
    const summary = await smtp.waitFor((m) => m.subject.startsWith('Summary mail:'));
    expect(summary.attachments).toEqual([]);
    expect(summary.html).toContain('25.00%');
    expect(summary.html).toContain('/thank-you');

    const csv = await owner.client.collection('scheduled_reports').create(valid({ name: 'CSV tables', format: 'csv' }));
    await owner.client.send(`/api/cro/reports/${csv.id}/send`, { method: 'POST', requestKey: null });
    const files = unzip(attachment(await smtp.waitFor((m) => m.subject.startsWith('CSV tables:')), '.zip'));
    expect([...files.keys()].sort()).toEqual(['daily.csv', 'sources.csv', 'summary.csv', 'top-pages.csv']);
    expect(files.get('summary.csv')!.toString()).toContain('Conversion rate,25.00,0.00,0.00');
    expect(files.get('top-pages.csv')!.toString()).toMatch(/^\/thank-you,1,1,1,129\.50,/m);
    await owner.client.collection('scheduled_reports').delete(email.id);
    await owner.client.collection('scheduled_reports').delete(csv.id);
  });
});

describe('Analytics export', () => {
  const exportAs = (u: TestUser, body: object) =>
    fetch(`${server.url}/api/cro/sites/${site.id}/export-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: u.client.authStore.token },
      body: JSON.stringify(body),
    });

  it('gives members the range as PDF, Excel and zipped CSV with the screen figures', async () => {
    const analytics = await viewer.client.send(`/api/cro/analytics/${site.id}?days=30`, { requestKey: null });
    const pdf = await exportAs(viewer, { format: 'pdf', days: 30 });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="analytics-shop\.example\.com-30d-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const info = await readPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(info.pages).toBe(8);
    expect(info.text).toContain(`${analytics.summary.conversionRate.toFixed(2)}%`);

    const xlsx = await exportAs(viewer, { format: 'excel', days: 30 });
    const book = await readExcel(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheetRows(book, 'Summary')[5]).toEqual(['Conversion rate', '25.00%', '0.00%', '0.00%']);
    const pages = sheetRows(book, 'Top pages');
    expect(pages[0]).toEqual([
      'Page',
      'Page views',
      'Visitors',
      'Conversions',
      'Revenue',
      'Conversion rate %',
      'Bounce rate %',
      'Avg. scroll %',
    ]);
    expect(pages[1]!.slice(0, 5)).toEqual(['/thank-you', '1', '1', '1', '$129.50']);

    const csv = await exportAs(owner, { format: 'csv', days: 7 });
    expect(csv.headers.get('content-type')).toBe('application/zip');
    expect(unzip(Buffer.from(await csv.arrayBuffer())).size).toBe(10);
  });

  it('mails the summary to the member asking for email', async () => {
    const res = await exportAs(viewer, { format: 'email', days: 7 });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sentTo: viewer.email });
    const mail = await smtp.waitFor((m) => m.to.includes(viewer.email) && m.subject.startsWith('Analytics report: shop.example.com'));
    expect(mail.html).toContain('25.00%');
  });

  it('refuses strangers, the signed out and bad choices', async () => {
    expect((await exportAs(stranger, { format: 'pdf', days: 7 })).status).toBe(404);
    expect((await fetch(`${server.url}/api/cro/sites/${site.id}/export-report`, { method: 'POST', body: '{}' })).status).toBe(401);
    const badFormat = await exportAs(owner, { format: 'docx', days: 7 });
    expect(badFormat.status).toBe(400);
    expect((await badFormat.json()).message).toBe('Format must be one of: pdf, csv, excel, email.');
    expect((await exportAs(owner, { format: 'pdf', days: 12 })).status).toBe(400);
  });
});
