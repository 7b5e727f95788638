// Sign up, add a domain, see Pending DNS and the TXT record that proves control of the domain, fail
// to connect, publish the TXT record and then the assigned nameservers on the DNS stand-in, Check
// if Connected after each, and see Connected/Active and the notification arrive live.
import { expect, test } from '@playwright/test';
import { E2E_NAMESERVERS, publishRecords, publishZone } from '../standins/dns';
import { trackingSnippet } from '../../../src/lib/tracking-snippet';
import { BASE, expectToast, newDomain, newEmail, openFromSidebar, signUpViaAuth, WIDTHS } from './helpers';

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });
    test.setTimeout(60_000);

    test('a new user connects a domain by DNS and is notified without a reload', async ({ page }) => {
      await signUpViaAuth(page, newEmail(`e2e-dns-${name}`));
      await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
      await openFromSidebar(page, 'Settings');
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

      await page.getByRole('button', { name: 'Add Domain' }).click();
      await expectToast(page, 'Domain required', 'Please enter a domain name');

      await page.getByLabel('Domain Name').fill('not a domain');
      await page.getByRole('button', { name: 'Add Domain' }).click();
      await expect(page.getByText('Failed to add domain')).toBeVisible();

      const domain = newDomain('shop');
      await page.getByLabel('Domain Name').fill(`https://${domain.toUpperCase()}/pricing`);
      await page.getByLabel('Industry (Optional)').fill('E-commerce');
      await page.getByRole('button', { name: 'Add Domain' }).click();
      await expectToast(page, 'Domain added successfully', 'Follow the DNS setup instructions below');
      const card = page.getByTestId(`domain-${domain}`);
      await expect(card.getByText('Pending DNS')).toBeVisible();
      await expect(card.getByText('Step 1 of 2')).toBeVisible();
      // First the TXT record that proves control of the domain; the nameservers only after it.
      const txtName = `_upliftly-verify.${domain}`;
      await expect(card.getByTestId('ownership-name')).toHaveText(txtName);
      const token = (await card.getByTestId('ownership-value').textContent())!.trim();
      expect(token).toMatch(/^[a-z0-9]{32}$/);
      await expect(card.getByTestId('nameserver-1')).toHaveCount(0);

      await openFromSidebar(page, 'Speed & Tracking');
      await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
      const website = page.getByTestId('your-website');
      await expect(website.getByText(domain)).toBeVisible();
      await expect(website.getByText('Ready to Connect')).toBeVisible();
      // The install's nameservers answer (the DNS stand-in plays them): connecting by DNS is offered,
      // with what it costs a domain whose other records are not copied first.
      await expect(page.getByTestId('nameserver-instructions')).toContainText('Email (MX records)');
      await expect(page.getByTestId('tracking-script')).toContainText('Tracking Script (optional)');
      await expect(page.getByTestId('tracking-script')).toContainText('Paste this tag as high in the <head> of every page as possible');
      // The loader snippet for this site's key, exactly as the shared code writes it.
      const code = page.getByTestId('tracking-script').locator('code');
      await expect(code).toContainText(`${BASE}/t/`);
      const key = /\/t\/([a-z0-9]{24})"/.exec((await code.textContent()) ?? '')?.[1];
      expect(key).toBeTruthy();
      await expect(code).toHaveText(trackingSnippet(BASE, key!));

      // Not delegated yet: the server says what it found.
      await website.getByRole('button', { name: 'Check if Connected' }).click();
      await expect(page.getByText('Verification Failed')).toBeVisible();
      await expect(website.getByRole('status')).toContainText('NXDOMAIN');

      // The owner adds the TXT record at the domain's DNS host: the nameservers to switch to follow.
      await publishRecords(txtName, [{ name: txtName, type: 'TXT', value: token }]);
      await website.getByRole('button', { name: 'Check if Connected' }).click();
      await expect(page.getByText('Ownership Verified')).toBeVisible();
      await expect(website.getByRole('status')).toContainText(`You proved that you control ${domain}.`);
      for (const ns of E2E_NAMESERVERS) await expect(page.getByTestId('nameserver-instructions')).toContainText(ns);

      await publishZone(domain, E2E_NAMESERVERS);
      await expect(page.getByTestId('unread-dot')).toHaveCount(0);
      await website.getByRole('button', { name: 'Check if Connected' }).click();
      await expect(page.getByText('Success!')).toBeVisible();
      await expect(website.getByText('Connected', { exact: true })).toBeVisible();
      await expect(website.getByText('Active')).toBeVisible();
      await expect(page.getByTestId('all-set')).toContainText('All Set');

      // The notification arrives by realtime: no reload.
      await expect(page.getByTestId('unread-dot')).toBeVisible();
      await page.getByRole('button', { name: 'Notifications' }).click();
      const list = page.getByTestId('notifications-list');
      await expect(list).toHaveCSS('height', '400px');
      await expect(list.getByText('Domain verified')).toBeVisible();
      await list.getByText('Domain verified').click();
      await expect(page.getByTestId('unread-dot')).toHaveCount(0);

      await openFromSidebar(page, 'Settings');
      await expect(page.getByTestId(`domain-${domain}`).getByText('Active')).toBeVisible();

      // The owner removes the domain after confirming; Cancel changes nothing.
      await page.getByRole('button', { name: `Remove ${domain}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${domain}?` });
      await expect(dialog).toContainText('This cannot be undone.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId(`domain-${domain}`)).toBeVisible();
      await page.getByRole('button', { name: `Remove ${domain}` }).click();
      await dialog.getByRole('button', { name: 'Remove domain' }).click();
      await expect(page.getByText('Domain removed')).toBeVisible();
      await expect(page.getByTestId(`domain-${domain}`)).toHaveCount(0);
      await expect(page.getByText('No domains yet')).toBeVisible();
    });
  });
}
