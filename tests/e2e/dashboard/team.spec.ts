// Team: the owner invites a second user as viewer; the invite mail's link lets them accept; the
// viewer then sees the site but none of the controls that change it.
import { expect, test } from '@playwright/test';
import { waitForMail } from '../mailbox';
import { addSite, createUser, newDomain, newEmail, openFromSidebar, signInBrowser, signUpViaAuth, WIDTHS } from './helpers';

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });
    test.setTimeout(60_000);

    test('invite a viewer who accepts from the mail and cannot change the site', async ({ page, browser }) => {
      const owner = await createUser();
      const domain = newDomain('team');
      await addSite(owner.pb, domain);
      await signInBrowser(page, owner.pb);
      await page.goto('/dashboard/team');
      await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
      for (const text of [
        'Full access including billing, team management, all features',
        'Read-only access to tests, analytics, insights',
      ]) {
        await expect(page.getByRole('definition').filter({ hasText: text })).toBeVisible();
      }

      const inviteeEmail = newEmail(`e2e-viewer-${name}`);
      await page.getByLabel('Email address').fill(inviteeEmail);
      await page.getByLabel('Role', { exact: true }).selectOption('viewer');
      await page.getByRole('button', { name: 'Send Invite' }).click();
      await expect(page.getByText('Invitation sent')).toBeVisible();
      const row = page.getByTestId(`member-${inviteeEmail}`);
      await expect(row.getByText('invited')).toBeVisible();

      const mail = await waitForMail(inviteeEmail, `You are invited to ${domain}`);
      const link = /(http:\/\/\S+\/dashboard\/team\?invite=[A-Za-z0-9]+)/.exec(mail.text)?.[1];
      expect(link).toBeTruthy();

      // The invitee opens the link signed out, signs up on /auth and comes back to the invitation.
      const context = await browser.newContext({ viewport });
      const other = await context.newPage();
      await other.goto(link!);
      await other.waitForURL('**/auth');
      await signUpViaAuth(other, inviteeEmail);
      await expect(other).toHaveURL(/\/dashboard\/team\?invite=/);
      await other.getByTestId('my-invitations').getByRole('button', { name: 'Accept Invitation' }).first().click();
      await expect(other.getByText('Invitation accepted')).toBeVisible();
      await expect(other.getByTestId(`member-${inviteeEmail}`).getByText('active')).toBeVisible();
      await expect(other.getByLabel('Email address')).toHaveCount(0);
      await expect(other.getByRole('combobox', { name: /Role of/ })).toHaveCount(0);

      // The owner's list turns active by realtime.
      await expect(row.getByText('active')).toBeVisible();

      await openFromSidebar(other, 'Settings');
      await expect(other.getByTestId(`domain-${domain}`)).toBeVisible();
      await expect(other.getByRole('button', { name: 'Verify DNS' })).toHaveCount(0);
      await expect(other.getByRole('button', { name: `Remove ${domain}` })).toHaveCount(0);
      await openFromSidebar(other, 'Speed & Tracking');
      await expect(other.getByTestId('your-website').getByText(domain)).toBeVisible();
      await expect(other.getByRole('button', { name: 'Check if Connected' })).toHaveCount(0);
      await openFromSidebar(other, 'Overview');
      await expect(other.getByTestId('ga-card').getByRole('button', { name: 'Connect' })).toBeDisabled();
      await openFromSidebar(other, 'Integrations');
      await expect(other.getByTestId('integration-slack')).toBeVisible();
      await expect(other.getByTestId('integration-slack').getByRole('button', { name: 'Connect' })).toHaveCount(0);
      await context.close();
    });
  });
}
