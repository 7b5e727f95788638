// The overview's Google Analytics card: validation, connect, Configure, Disconnect, and the
// 'Domain Required' path for a user without a site.
import { expect, test } from '@playwright/test';
import { addSite, createUser, expectToast, newDomain, signInBrowser, WIDTHS } from './helpers';

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('connect, configure and disconnect Google Analytics', async ({ page }) => {
      const user = await createUser();
      await addSite(user.pb, newDomain('ga'));
      await signInBrowser(page, user.pb);
      await page.goto('/dashboard');
      const card = page.getByTestId('ga-card');
      await expect(card.getByText('Not connected')).toBeVisible();
      await expect(card.getByLabel('Property ID')).toHaveAttribute('placeholder', 'G-XXXXXXXXXX or UA-XXXXXXXXX-X');

      await card.getByLabel('Property ID').fill('   ');
      await card.getByRole('button', { name: 'Connect' }).click();
      await expectToast(page, 'Property ID Required', 'Please enter your Google Analytics Property ID');

      await card.getByLabel('Property ID').fill(' G-TEST12345 ');
      await card.getByRole('button', { name: 'Connect' }).click();
      await expect(page.getByText('Connected!')).toBeVisible();
      await expect(card.getByTestId('ga-property-id')).toHaveText('G-TEST12345');
      await expect(card.getByRole('link', { name: /Open G-TEST12345 in Google Analytics/ })).toBeVisible();
      const stored = await user.pb.collection('integrations').getFullList();
      expect(stored.map((r) => [r.integration_type, r.status, r.settings.property_id])).toEqual([
        ['google_analytics', 'connected', 'G-TEST12345'],
      ]);

      await card.getByRole('button', { name: 'Configure' }).click();
      await expect(card.getByLabel('Property ID')).toHaveValue('G-TEST12345');
      await card.getByLabel('Property ID').fill('G-OTHER999');
      await card.getByRole('button', { name: 'Connect' }).click();
      await expect(card.getByTestId('ga-property-id')).toHaveText('G-OTHER999');
      expect(await user.pb.collection('integrations').getFullList()).toHaveLength(1);

      await card.getByRole('button', { name: 'Disconnect' }).click();
      await expect(page.getByText('Disconnected', { exact: true })).toBeVisible();
      await expect(card.getByText('Not connected')).toBeVisible();
      expect(await user.pb.collection('integrations').getFullList()).toHaveLength(0);
    });

    test('without a site the card asks for a domain first', async ({ page }) => {
      const user = await createUser();
      await signInBrowser(page, user.pb);
      await page.goto('/dashboard');
      const card = page.getByTestId('ga-card');
      await card.getByLabel('Property ID').fill('G-TEST12345');
      await card.getByRole('button', { name: 'Connect' }).click();
      await expectToast(page, 'Domain Required', 'Please add your domain in Settings first');
      await page.getByRole('button', { name: 'Go to Settings' }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings$/);
      await expect(page.getByRole('heading', { name: 'Add New Domain' })).toBeVisible();
    });
  });
}
