// Settings -> DNS Records: a domain's current records are imported when the site is added and
// listed for review; the owner adds (a refused record shows the server's reason), edits and deletes
// records, and the install's nameservers answer with each change; the owner names the origin server.
import { Resolver } from 'node:dns/promises';
import { expect, test } from '@playwright/test';
import { publishRecords } from '../standins/dns';
import { addSite, createUser, newDomain, proveDomain, signInBrowser } from './helpers';

/** Asks the install's own nameservers (the server's authoritative DNS) for a name's A records. */
async function servedA(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([process.env.CRO_DNS_LISTEN!]);
  return resolver.resolve4(name).catch((e: { code: string }) => [e.code]);
}

test('the owner reviews imported DNS records and keeps the zone in Settings', async ({ page }) => {
  test.setTimeout(60_000);
  const domain = newDomain('zone');
  await publishRecords(domain, [
    { name: domain, type: 'A', value: '198.51.100.7' },
    { name: domain, type: 'MX', value: 'mx1.mailhost.test', priority: 10 },
    { name: `mail.${domain}`, type: 'A', value: '198.51.100.25' },
    { name: `_dmarc.${domain}`, type: 'TXT', value: 'v=DMARC1; p=none' },
  ]);

  const owner = await createUser();
  const site = await addSite(owner.pb, domain); // its records are imported as it is added
  await proveDomain(owner.pb, site.id); // before that the install's nameservers serve nothing of it
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'DNS Records' }).click();
  const card = page.getByTestId('dns-records');
  const rows = card.getByTestId('dns-record-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('@A198.51.100.7 Imported');
  await expect(rows.nth(1)).toContainText('@MX10 mx1.mailhost.test Imported');
  await expect(rows.nth(2)).toContainText('_dmarcTXTv=DMARC1; p=none Imported');
  await expect(rows.nth(3)).toContainText('mailA198.51.100.25 Imported');

  // A refused record keeps the dialog open with the server's reason, and stores nothing.
  await card.getByRole('button', { name: 'Add Record' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('shop');
  await dialog.getByLabel('Value').fill('203.0.113.300');
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(dialog.getByText("An A record's value must be an IPv4 address, such as 203.0.113.10.")).toBeVisible();
  await expect(rows).toHaveCount(4);
  await dialog.getByLabel('Value').fill('203.0.113.30');
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(5);
  await expect(card.getByRole('row', { name: /shop A 203\.0\.113\.30/ })).toBeVisible();
  await expect.poll(() => servedA(`shop.${domain}`)).toEqual(['203.0.113.30']);

  // Edit the imported mail host: the install's nameservers answer the new address.
  await card.getByRole('button', { name: `Edit A record mail 198.51.100.25` }).click();
  await expect(dialog.getByLabel('Value')).toHaveValue('198.51.100.25');
  await dialog.getByLabel('Value').fill('198.51.100.26');
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('row', { name: /mail A 198\.51\.100\.26/ })).toBeVisible();
  await expect.poll(() => servedA(`mail.${domain}`)).toEqual(['198.51.100.26']);

  await card.getByRole('button', { name: `Delete A record shop 203.0.113.30` }).click();
  await expect(rows).toHaveCount(4);
  await expect.poll(() => servedA(`shop.${domain}`)).toEqual(['ENOTFOUND']);
});

test('the owner names the origin server the edge fetches pages from', async ({ page }) => {
  const owner = await createUser();
  await addSite(owner.pb, newDomain('origin'));
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'DNS Records' }).click();
  const card = page.getByTestId('dns-records');
  const originField = card.getByLabel('Origin server (optional)');
  await originField.fill('origin.example.com/shop');
  await card.getByRole('button', { name: 'Save Origin' }).click();
  await expect(card.getByText('The origin must be an http:// or https:// address of your server')).toBeVisible();
  await originField.fill('https://origin.example.com');
  await card.getByRole('button', { name: 'Save Origin' }).click();
  await expect(page.getByText('The edge fetches your pages from https://origin.example.com.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'DNS Records' }).click();
  await expect(page.getByTestId('dns-records').getByLabel('Origin server (optional)')).toHaveValue('https://origin.example.com');
});
