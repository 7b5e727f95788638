// White label end to end: an agency on Enterprise & Ecom gives its brand (name, logo, colours,
// support address) its own dashboard domain, proved by TXT and served by the edge with a
// certificate from the ACME CA (pebble, resolving the name at the install's own DNS, where the
// agency's zone points it at the edge). Its client, invited to a site of the brand, signs up and
// works on that domain in Chromium, which trusts only the CA's keys: every page shows the brand's
// name, logo and colours, and a crawl of every dashboard route, of every mail the client receives
// (through the real SMTP listener) and of every report file finds no 'Upliftly'.
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../src/dashboard/data/router';
import { ownershipRecordName } from '../../src/lib/domain-ownership';
import { readExcel, readPdf } from '../helpers/report-file';
import { BASE, client, createUser, newEmail, proveDomain, signInBrowser, superuser } from './dashboard/helpers';
import { hydrated } from './islands';
import { receivedMails, waitForMail } from './mailbox';
import { publishRecords } from './standins/dns';
import { visitorBrowser } from './visitors';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BRAND = 'Northwind Insights';
const PRIMARY = '#0f766e';

const browser = visitorBrowser([
  `--host-resolver-rules=MAP *.edgetls ${process.env.CRO_EDGE_HTTPS}`,
  `--ignore-certificate-errors-spki-list=${process.env.E2E_ACME_CA_SPKIS}`,
]);

/** Nothing the client can see names the product: the page's whole document, its title included. */
async function expectNoProduct(page: Page, where: string) {
  expect(await page.title(), where).not.toMatch(/upliftly/i);
  const html = await page.content();
  expect(html.match(/.{0,80}upliftly.{0,80}/i)?.[0] ?? null, where).toBeNull();
}

test('a white-labelled client works on the brand’s own domain and nothing they receive names Upliftly', async ({ page: agencyPage }) => {
  test.setTimeout(180_000);
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const zone = `agency-${id}.edgetls`;
  const domain = `app.${zone}`;
  const origin = `https://${domain}`;

  // The agency: Enterprise & Ecom, its own zone connected to the install, where its dashboard
  // domain points at the edge (what a CNAME to the install does on the internet).
  const owner = await createUser();
  const admin = await superuser();
  await admin.collection('subscriptions').create({ user_id: owner.id, plan_tier: 'enterprise', subscription_status: 'active' });
  const agencySite = await owner.pb.collection('sites').create({ user_id: owner.id, domain: zone });
  await proveDomain(owner.pb, agencySite.id);
  await owner.pb.collection('dns_records').create({ site_id: agencySite.id, name: 'app', type: 'A', value: '127.0.0.1', ttl: 300 });

  const site = await owner.pb.collection('sites').create({ user_id: owner.id, domain: `client-${id}.test` });

  // The agency sets its brand up in Settings -> Brand: organization, brand, domain proof, sites.
  await signInBrowser(agencyPage, owner.pb);
  await agencyPage.goto('/dashboard/settings?tab=brand');
  await agencyPage.getByLabel('Organization name').fill('Northwind');
  await agencyPage.getByRole('button', { name: 'Create organization' }).click();
  const form = agencyPage.getByTestId('brand-new');
  await form.getByLabel('Brand name').fill(BRAND);
  await form.getByLabel(/^Logo/).setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: PNG });
  await form.getByLabel('Primary colour').fill(PRIMARY);
  await form.getByLabel('Accent colour').fill('#f59e0b');
  await form.getByLabel('Support address').fill('help@northwind.test');
  await form.getByLabel('Billing contact').fill('billing@northwind.test');
  await form.getByLabel('Dashboard domain').fill(domain);
  await form.getByRole('button', { name: 'Save brand' }).click();
  await expect(agencyPage.getByText('Brand saved')).toBeVisible();
  const [brand] = await owner.pb.collection('brands').getFullList();
  const card = agencyPage.getByTestId(`brand-${brand!.id}`);
  const txt = ownershipRecordName(zone);
  await expect(card.getByTestId('brand-proof-name')).toHaveText(txt);
  const agency = await owner.pb.collection('sites').getOne(agencySite.id);
  await publishRecords(txt, [
    { name: txt, type: 'TXT', value: agency.verification_token },
    { name: txt, type: 'TXT', value: (await card.getByTestId('brand-proof-value').textContent())! },
  ]);
  await card.getByRole('button', { name: 'Verify domain' }).click();
  await expect(card.getByTestId('brand-domain-verified')).toBeVisible();
  await card.getByRole('checkbox', { name: site.domain }).check();
  await expect.poll(async () => (await owner.pb.collection('sites').getOne(site.id)).brand_id).toBe(brand!.id);

  // The client is invited as the site's admin.
  const clientEmail = newEmail('e2e-wl-client');
  await owner.pb.collection('site_members').create({ site_id: site.id, email: clientEmail, role: 'admin' });
  const invite = await waitForMail(clientEmail, `You are invited to ${site.domain}`);
  const link = /(https:\/\/\S+\/dashboard\/team\?invite=[A-Za-z0-9]+)/.exec(invite.text)?.[1];
  expect(link?.startsWith(`${origin}/`)).toBe(true);

  // The client opens the mail's link on the brand's domain, signs up there and accepts.
  const ctx = await browser();
  const page = await ctx.newPage();
  // The edge learns the domain a moment after the proof; until then the handshake is refused.
  await expect.poll(async () => (await page.goto(link!).catch(() => null))?.status(), { timeout: 30_000 }).toBe(200);
  await page.waitForURL(`${origin}/auth`);
  const res = (await page.reload())!;
  expect((await res.securityDetails())!.issuer).toContain('Pebble Intermediate CA');
  await hydrated(page, 'AuthPanel');
  await expect(page.locator('[data-brand-logo]')).toContainText(BRAND);
  expect(await page.locator('[data-brand-logo] img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoProduct(page, '/auth');
  await page.getByLabel('Email').fill(clientEmail);
  await page.getByLabel('Password').fill('kettle-Quartz-82');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/dashboard\/team\?invite=/);
  await page.getByTestId('my-invitations').getByRole('button', { name: 'Accept Invitation' }).first().click();
  await expect(page.getByText('Invitation accepted')).toBeVisible();

  // The brand's name, logo and colours on every dashboard route, and nothing of the product's.
  const sidebarBrand = page.getByTestId('sidebar').getByTestId('brand');
  for (const path of Object.values(ROUTE_PATHS)) {
    await page.goto(`${origin}${path}`);
    await expect(sidebarBrand, path).toContainText(BRAND);
    await expect(page.locator('main h1').first(), path).toBeVisible();
    await expect(page.locator('.animate-spin'), path).toHaveCount(0);
    await expectNoProduct(page, path);
  }
  expect(await sidebarBrand.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand-600').trim())).toBe(PRIMARY);
  await page.goto(`${origin}/dashboard/team`);
  await expect(page.getByRole('button', { name: 'Send Invite' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  // The product's public pages are not served on the brand's domain.
  await page.goto(`${origin}/pricing`);
  expect(new URL(page.url()).pathname).toBe('/dashboard');

  // Every mail and report the client can receive: a password reset, the scheduled reports in each
  // format, and the analytics export they make themselves.
  await client().collection('users').requestPasswordReset(clientEmail);
  for (const format of ['pdf', 'excel', 'email']) {
    const report = await owner.pb.collection('scheduled_reports').create({
      site_id: site.id,
      name: `Client ${format} report`,
      report_type: 'full',
      frequency: 'weekly',
      format,
      recipients: [clientEmail],
      enabled: true,
    });
    await owner.pb.send(`/api/cro/reports/${report.id}/send`, { method: 'POST' });
  }
  const me = client();
  await me.collection('users').authWithPassword(clientEmail, 'kettle-Quartz-82');
  await me.send(`/api/cro/sites/${site.id}/export-report`, { method: 'POST', body: { format: 'email', days: 7 } });
  const files: Buffer[] = [];
  for (const format of ['pdf', 'excel']) {
    const file = await fetch(`${BASE}/api/cro/sites/${site.id}/export-report`, {
      method: 'POST',
      headers: { Authorization: me.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ format, days: 7 }),
    });
    expect(file.status).toBe(200);
    files.push(Buffer.from(await file.arrayBuffer()));
  }
  for (const subject of [
    'Client pdf report',
    'Client excel report',
    'Client email report',
    'Analytics report',
    'Reset',
    'Welcome',
    'Verify',
  ])
    await waitForMail(clientEmail, subject);
  const mails = receivedMails().filter((m) => m.to.includes(clientEmail));
  expect(mails.length).toBeGreaterThanOrEqual(8);
  for (const m of mails) {
    const seen = [m.from, m.subject, m.text, m.html, JSON.stringify(m.headers), ...m.attachments.map((a) => a.filename)].join('\n');
    expect(seen.match(/.{0,60}upliftly.{0,60}/i)?.[0] ?? null, m.subject).toBeNull();
    expect(seen, m.subject).toContain(BRAND);
    files.push(...m.attachments.map((a) => Buffer.from(a.base64, 'base64')));
  }
  expect(files.length).toBe(4); // the two scheduled files and the two exports
  for (const data of files) {
    const isPdf = data.subarray(0, 4).toString() === '%PDF';
    const text = isPdf ? (await readPdf(data)).text : JSON.stringify(await readExcel(data));
    expect((text + data.toString('latin1')).match(/.{0,60}upliftly.{0,60}/i)?.[0] ?? null).toBeNull();
    if (isPdf) expect(text).toContain(BRAND.toUpperCase());
  }
  await ctx.close();
});
