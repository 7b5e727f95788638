/**
 * White label and multi-brand over HTTP (pocketbase/whitelabel): who may read and change an
 * organization, its brands and a site's brand, for every role (anonymous, a stranger, the viewer,
 * editor and admin of a branded site, the organization's admin and owner); the plan matrix (white
 * label on Enterprise & Ecom, a second brand only with the Custom Enterprise contract); the brand
 * a page shows; the proof of the brand's domain; and every mail and report file a client of a
 * branded site receives, through a real SMTP listener: the brand's name, never the product's.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startPocketBase, type TestServer, type TestUser } from '../helpers/pocketbase';
import { startSmtp, type ReceivedMail, type SmtpListener } from '../helpers/smtp';
import { startDnsServer, type DnsFixture } from '../helpers/dns-server';
import { addMember, refusal } from '../helpers/site-access';
import { readExcel, readPdf } from '../helpers/report-file';
import { unzip } from '../helpers/unzip';
import { ownershipRecordName } from '../../src/lib/domain-ownership';
import { MULTI_BRAND_REFUSAL, upgradeMessage } from '../../src/lib/plans';

const APP = 'http://app.upliftly.test:4321';
const FROM = 'no-reply@mail-relay.test';
let smtp: SmtpListener;
let dns: DnsFixture;
let server: TestServer;
let owner: TestUser; // the organization's owner, on Enterprise & Ecom; owns the branded site
let orgAdmin: TestUser;
let viewer: TestUser;
let editor: TestUser;
let admin: TestUser; // the client: the branded site's admin
let stranger: TestUser;
let org: RecordModel;
let brand: RecordModel;
let site: RecordModel;

type Role = 'anonymous' | 'other' | 'viewer' | 'editor' | 'admin' | 'orgAdmin' | 'owner';
const ROLES: Role[] = ['anonymous', 'other', 'viewer', 'editor', 'admin', 'orgAdmin', 'owner'];
const client = (role: Role): PocketBase =>
  role === 'anonymous' ? server.anonymous() : { other: stranger, viewer, editor, admin, orgAdmin, owner }[role].client;

const enterprise = (user: TestUser) =>
  server.admin.collection('subscriptions').create({ user_id: user.record.id, plan_tier: 'enterprise', subscription_status: 'active' });

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  smtp = await startSmtp();
  dns = await startDnsServer();
  server = await startPocketBase({
    env: {
      ...smtp.env,
      APP_URL: APP,
      MAIL_FROM_ADDRESS: 'hello@upliftly.test',
      CRO_WHITE_LABEL_FROM_ADDRESS: FROM,
      CRO_DNS_RESOLVER: dns.address,
    },
  });
  const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => server.createUser()));
  [owner, orgAdmin, viewer, editor, admin, stranger] = users as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  await enterprise(owner);
  org = await owner.client
    .collection('organizations')
    .create({ name: 'Northwind Agency', owner_id: owner.record.id, admin_ids: [orgAdmin.record.id] });
  brand = await owner.client.collection('brands').create({
    organization_id: org.id,
    name: 'Northwind Insights',
    primary_color: '#0F766E',
    accent_color: '#f59e0b',
    support_email: 'help@northwind.test',
    billing_email: 'billing@northwind.test',
    logo: new File([PNG], 'logo.png', { type: 'image/png' }),
  });
  site = await owner.client
    .collection('sites')
    .create({ user_id: owner.record.id, domain: `client-${Date.now()}.example.com`, brand_id: brand.id });
  await addMember(server, site.id, viewer, 'viewer');
  await addMember(server, site.id, editor, 'editor');
  await addMember(server, site.id, admin, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await dns?.stop();
});

describe('organizations', () => {
  it('are read by their owner and admins only, changed and deleted by the owner only', async () => {
    const readers: Role[] = [];
    for (const role of ROLES) {
      const seen = await client(role)
        .collection('organizations')
        .getOne(org.id)
        .then(
          () => true,
          () => false,
        );
      if (seen) readers.push(role);
    }
    expect(readers).toEqual(['orgAdmin', 'owner']);
    for (const role of ROLES.filter((r) => r !== 'owner'))
      expect(await refusal(client(role).collection('organizations').update(org.id, { name: 'Taken' })), role).not.toBe('accepted');
    await owner.client.collection('organizations').update(org.id, { name: 'Northwind' });
    for (const role of ROLES.filter((r) => r !== 'owner'))
      expect(await refusal(client(role).collection('organizations').delete(org.id)), role).not.toBe('accepted');
  });

  it('need Enterprise & Ecom, one per account; the Custom Enterprise contract is the operator’s to set', async () => {
    expect(await refusal(stranger.client.collection('organizations').create({ name: 'Mine', owner_id: stranger.record.id }))).toEqual({
      status: 403,
      message: upgradeMessage('white_label'),
    });
    expect(await refusal(owner.client.collection('organizations').create({ name: 'Second', owner_id: owner.record.id }))).toMatchObject({
      status: 400,
      message: 'Your account already has an organization: add brands to it.',
    });
    expect(await refusal(server.anonymous().collection('organizations').create({ name: 'Anon', owner_id: owner.record.id }))).toMatchObject(
      { status: 400 },
    );
    expect(await refusal(stranger.client.collection('organizations').create({ name: 'Theirs', owner_id: owner.record.id }))).toMatchObject({
      status: 400,
    });
    expect(await refusal(owner.client.collection('organizations').update(org.id, { custom_enterprise: true }))).not.toBe('accepted');
    expect((await server.admin.collection('organizations').getOne(org.id)).custom_enterprise).toBe(false);
  });
});

describe('brands', () => {
  it("are read by the organization's managers and the members of its sites, changed by the managers only", async () => {
    const readers: Role[] = [];
    for (const role of ROLES) {
      const seen = await client(role)
        .collection('brands')
        .getOne(brand.id)
        .then(
          () => true,
          () => false,
        );
      if (seen) readers.push(role);
    }
    expect(readers).toEqual(['viewer', 'editor', 'admin', 'orgAdmin', 'owner']);
    for (const role of ['anonymous', 'other', 'viewer', 'editor', 'admin'] as Role[]) {
      expect(await refusal(client(role).collection('brands').update(brand.id, { name: 'Hijacked' })), role).not.toBe('accepted');
      expect(await refusal(client(role).collection('brands').delete(brand.id)), role).not.toBe('accepted');
    }
    await orgAdmin.client.collection('brands').update(brand.id, { accent_color: '#F59E0B' });
    expect((await server.admin.collection('brands').getOne(brand.id)).accent_color).toBe('#f59e0b');
  });

  it('refuse a bad colour or domain with the field to fix, and server fields from anyone', async () => {
    expect(await refusal(owner.client.collection('brands').update(brand.id, { primary_color: 'teal' }))).toMatchObject({
      status: 400,
      message: 'The primary colour must be a hex colour such as #0f766e.',
    });
    expect(await refusal(owner.client.collection('brands').update(brand.id, { domain: 'not a host' }))).toMatchObject({
      status: 400,
      message: 'The dashboard domain must be a host name such as app.youragency.com.',
    });
    expect(await refusal(owner.client.collection('brands').update(brand.id, { domain_verified: true }))).not.toBe('accepted');
    expect(await refusal(owner.client.collection('brands').update(brand.id, { member_ids: [stranger.record.id] }))).not.toBe('accepted');
    expect((await server.admin.collection('brands').getOne(brand.id)).primary_color).toBe('#0f766e');
  });

  it('are one per organization on Enterprise & Ecom; the Custom Enterprise contract holds several, each with its own sites and members', async () => {
    const second = { organization_id: org.id, name: 'Second Brand', primary_color: '#1d4ed8' };
    expect(await refusal(owner.client.collection('brands').create(second))).toEqual({ status: 403, message: MULTI_BRAND_REFUSAL });
    expect(await refusal(stranger.client.collection('brands').create(second))).toMatchObject({ status: 400 });
    expect(await refusal(server.anonymous().collection('brands').create(second))).toMatchObject({ status: 400 });
    expect(await refusal(admin.client.collection('brands').create(second))).toMatchObject({ status: 400 });
    await server.admin.collection('organizations').update(org.id, { custom_enterprise: true });
    const other = await orgAdmin.client.collection('brands').create(second);
    // The client of the first brand belongs to the second too through one of its sites: both read.
    const otherSite = await owner.client
      .collection('sites')
      .create({ user_id: owner.record.id, domain: `second-${Date.now()}.example.com`, brand_id: other.id });
    await addMember(server, otherSite.id, viewer, 'viewer');
    const visible = await viewer.client.collection('brands').getFullList();
    expect(visible.map((b) => b.name).sort()).toEqual(['Northwind Insights', 'Second Brand']);
    expect((await editor.client.collection('brands').getFullList()).map((b) => b.name)).toEqual(['Northwind Insights']);
    // Roles stay per site: the viewer of the second brand's site is no editor of it.
    expect(await refusal(viewer.client.collection('sites').update(otherSite.id, { name: 'x' }))).not.toBe('accepted');
  });
});

describe("a site's brand", () => {
  it("is set and removed by the brand's managers only, never by the site's own admin", async () => {
    expect(await refusal(admin.client.collection('sites').update(site.id, { brand_id: '' }))).toEqual({
      status: 403,
      message: "Only the managers of a brand's organization can move a site into or out of the brand.",
    });
    const own = await stranger.client.collection('sites').create({ user_id: stranger.record.id, domain: `own-${Date.now()}.example.com` });
    expect(await refusal(stranger.client.collection('sites').update(own.id, { brand_id: brand.id }))).toMatchObject({ status: 403 });
    expect((await server.admin.collection('sites').getOne(site.id)).brand_id).toBe(brand.id);
  });

  it("is what GET /api/cro/brand answers the site's members, and nothing once the plan lapses", async () => {
    const ask = (c: PocketBase) =>
      c.send<{ brand: { name: string; primary_color: string; logo: string } | null }>(`/api/cro/brand?site=${site.id}`, {
        requestKey: null,
      });
    const shown = (await ask(admin.client)).brand!;
    expect(shown).toMatchObject({ name: 'Northwind Insights', primary_color: '#0f766e' });
    const logo = await fetch(`${server.url}${shown.logo}`);
    expect(logo.status).toBe(200);
    expect((await ask(stranger.client)).brand).toBeNull();
    expect((await ask(server.anonymous())).brand).toBeNull();
    const sub = await server.admin.collection('subscriptions').getFirstListItem(`user_id = "${owner.record.id}"`);
    await server.admin.collection('subscriptions').update(sub.id, { subscription_status: 'canceled' });
    try {
      expect((await ask(admin.client)).brand).toBeNull();
    } finally {
      await server.admin.collection('subscriptions').update(sub.id, { subscription_status: 'active' });
    }
  });
});

describe("the brand's own dashboard domain", () => {
  it('is verified by the TXT record of its token, by its managers only', async () => {
    const domain = `app.northwind-${Date.now()}.test`;
    const b = await owner.client.collection('brands').update(brand.id, { domain: `https://${domain.toUpperCase()}/` });
    expect(b.domain).toBe(domain);
    expect(b.domain_verified).toBe(false);
    const verify = (c: PocketBase) =>
      c.send<{ verified: boolean; message: string }>(`/api/cro/brands/${brand.id}/verify-domain`, { method: 'POST', requestKey: null });
    expect(
      await refusal(admin.client.send(`/api/cro/brands/${brand.id}/verify-domain`, { method: 'POST', requestKey: null })),
    ).toMatchObject({ status: 404 });
    expect((await verify(owner.client)).verified).toBe(false);
    const name = ownershipRecordName(b.domain_zone);
    dns.setRecords(name, [{ name, type: 'TXT', value: b.domain_token }]);
    expect(await verify(orgAdmin.client)).toMatchObject({ verified: true });
    // Requests to that host get the brand before anyone signs in (its sign-in page).
    const body = await getWithHost(`${server.url}/api/cro/brand`, domain);
    expect((JSON.parse(body) as { brand: { name: string; domain: string } }).brand).toMatchObject({ name: 'Northwind Insights', domain });
    expect(JSON.parse(await getWithHost(`${server.url}/api/cro/brand`, 'elsewhere.test')).brand).toBeNull();
  });
});

/** Every place a mail can name the product: sender, subject, bodies, headers and attachment names. */
function assertBranded(mail: ReceivedMail) {
  const seen = [
    mail.from,
    mail.subject,
    mail.text,
    mail.html,
    JSON.stringify(mail.headers),
    ...mail.attachments.map((a) => a.filename),
  ].join('\n');
  expect(seen).not.toMatch(/upliftly/i);
  expect(seen).toContain('Northwind Insights');
}

describe('mail and reports a client receives', () => {
  it('sends the invitation, the password reset and the sign-in mails under the brand, linking to its domain', async () => {
    const invitee = `invitee-${Date.now()}@example.com`;
    await owner.client.collection('site_members').create({ site_id: site.id, email: invitee, role: 'viewer' });
    const invite = await smtp.waitFor((m) => m.to.includes(invitee) && m.subject.startsWith('You are invited'));
    assertBranded(invite);
    expect(invite.from).toBe(FROM);
    expect(invite.headers['reply-to']).toBe('help@northwind.test');
    const b = await server.admin.collection('brands').getOne(brand.id);
    expect(invite.text).toContain(`https://${b.domain}/dashboard/team?invite=`);

    await server.anonymous().collection('users').requestPasswordReset(admin.email);
    const reset = await smtp.waitFor((m) => m.to.includes(admin.email) && /reset/i.test(m.subject));
    assertBranded(reset);
    expect(reset.html).toContain(`https://${b.domain}/auth/reset-password?token=`);
  });

  it('makes the PDF, Excel and mailed summary under the brand', async () => {
    for (const format of ['pdf', 'excel', 'email']) {
      const report = await owner.client.collection('scheduled_reports').create({
        site_id: site.id,
        name: `Client report ${format}`,
        report_type: 'full',
        frequency: 'weekly',
        format,
        recipients: [admin.email],
        enabled: true,
      });
      await owner.client.send(`/api/cro/reports/${report.id}/send`, { method: 'POST', requestKey: null });
      const mail = await smtp.waitFor((m) => m.to.includes(admin.email) && m.subject.startsWith(`Client report ${format}`));
      assertBranded(mail);
      if (format === 'pdf') {
        const data = Buffer.from(mail.attachments[0]!.base64, 'base64');
        const pdf = await readPdf(data);
        expect(pdf.pageTexts[0]).toContain('NORTHWIND INSIGHTS');
        expect(pdf.text + data.toString('latin1')).not.toMatch(/upliftly/i);
      }
      if (format === 'excel') {
        const data = Buffer.from(mail.attachments[0]!.base64, 'base64');
        expect(JSON.stringify(await readExcel(data))).not.toMatch(/upliftly/i);
        expect(unzippedText(data)).toContain('Northwind Insights'); // docProps/core.xml's creator
      }
    }
  });

  it('leaves the product named in the mails of someone outside any brand', async () => {
    await server.anonymous().collection('users').requestPasswordReset(stranger.email);
    const reset = await smtp.waitFor((m) => m.to.includes(stranger.email) && /reset/i.test(m.subject));
    expect(reset.subject).toContain('Upliftly');
  });
});

/** GET url with another Host header (fetch may not set one), as a request to that name would arrive. */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => ok(body));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Every file of an xlsx (a zip), as text. */
function unzippedText(data: Buffer): string {
  return [...unzip(data).values()].map((b) => b.toString('utf8')).join('\n');
}
