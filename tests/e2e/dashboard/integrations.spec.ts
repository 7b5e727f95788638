// The Integrations screen: 30 cards, the connect dialog (secrets never shown again), status from
// the stored record, disconnect, and the default catalogue when loading fails.
import { expect, test } from '@playwright/test';
import { addSite, createUser, expectToast, newDomain, signInBrowser, superuser, WIDTHS } from './helpers';

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('connect Slack through the dialog, reconfigure and disconnect', async ({ page }) => {
      const user = await createUser();
      const site = await addSite(user.pb, newDomain('tools'));
      await signInBrowser(page, user.pb);
      await page.goto('/dashboard/integrations');
      await expect(page.getByTestId('integrations-grid').locator('article')).toHaveCount(30);
      const slack = page.getByTestId('integration-slack');
      await expect(slack.getByText('Not connected')).toBeVisible();
      await expect(slack.getByRole('img', { name: 'Slack' })).toBeVisible();

      await slack.getByRole('button', { name: 'Connect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect Slack' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Connection Failed', 'Incoming webhook URL is required.');
      await dialog.getByLabel('Incoming webhook URL').fill('https://hooks.slack.test/services/secret-123');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Connected!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(slack.getByText('Connected', { exact: true })).toBeVisible();

      const stored = await (
        await superuser()
      )
        .collection('integrations')
        .getFirstListItem(`site_id = "${site.id}" && integration_type = "slack"`);
      expect(stored.credentials).toEqual({ webhook_url: 'https://hooks.slack.test/services/secret-123' });
      const visible = await user.pb.collection('integrations').getFullList();
      expect(JSON.stringify(visible)).not.toContain('secret-123');

      await slack.getByRole('button', { name: 'Configure' }).click();
      await expect(dialog.getByLabel('Incoming webhook URL')).toHaveValue('');
      await expect(dialog.getByLabel('Incoming webhook URL')).toHaveAttribute('placeholder', 'Saved - leave blank to keep');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await slack.getByRole('button', { name: 'Disconnect' }).click();
      await expect(slack.getByText('Not connected')).toBeVisible();
      expect(await user.pb.collection('integrations').getFullList()).toHaveLength(0);
    });
  });
}

test('a failed load shows the error toast and the default catalogue', async ({ page }) => {
  const user = await createUser();
  await addSite(user.pb, newDomain('tools-fail'));
  await signInBrowser(page, user.pb);
  await page.route('**/api/collections/integrations/records**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"down","data":{}}' }),
  );
  // Toasts are recorded as they appear: a toast lasts 4 s, which a test runner starved by a busy
  // machine can miss between two looks.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { toasts_: string[] }).toasts_ = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]:not([data-recorded])')) {
        el.setAttribute('data-recorded', '');
        seen.push(el.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/dashboard/integrations');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { toasts_: string[] }).toasts_.join('|')))
    .toContain('Error loading integrationsCould not load integration status');
  await expect(page.getByTestId('integrations-grid').locator('article')).toHaveCount(30);
  await expect(page.getByTestId('integration-shopify').getByText('Not connected')).toBeVisible();
});

test('a broken logo falls back to the generic icon', async ({ page }) => {
  const user = await createUser();
  await signInBrowser(page, user.pb);
  await page.route('**/integrations/hubspot.svg', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/dashboard/integrations');
  const card = page.getByTestId('integration-hubspot');
  await expect(card.getByRole('img', { name: 'HubSpot' })).toHaveCount(0);
  await expect(card.getByLabel('HubSpot')).toBeVisible();
});

test('the site switcher changes the site every screen shows', async ({ page }) => {
  const user = await createUser();
  const first = newDomain('first');
  const second = newDomain('second');
  await addSite(user.pb, first);
  const owner = await createUser();
  const other = await addSite(owner.pb, second);
  await (
    await superuser()
  )
    .collection('site_members')
    .create({ site_id: other.id, user_id: user.id, email: user.email, role: 'editor', status: 'active' });
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/tracking-setup');
  const picker = page.getByRole('combobox', { name: 'Site' });
  await expect(picker.locator('option')).toHaveText([second, first]);
  await expect(page.getByTestId('your-website')).toContainText(second);
  await picker.selectOption({ label: first });
  await expect(page.getByTestId('your-website')).toContainText(first);
  await page.reload();
  await expect(page.getByTestId('your-website')).toContainText(first);
});
