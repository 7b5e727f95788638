// The Integrations screen: 30 cards, the connect dialog (secrets never shown again), saving tests
// the integration against the webhook stand-in, Test connection and the delivery log, status from
// the stored record, disconnect, honest cards for what cannot work, and the default catalogue
// when loading fails.
import { expect, test } from '@playwright/test';
import { readFinishedJson } from '../../helpers/finished-files';
import { validSignature, type Received } from '../../helpers/webhook-standin';
import { addSite, createUser, expectToast, newDomain, signInBrowser, superuser, WIDTHS } from './helpers';

/** What the webhook stand-in received at path (tests/e2e/standins/webhook.ts). */
function webhookRequests(path: string): Received[] {
  const dir = process.env.E2E_WEBHOOK_DIR!;
  return readFinishedJson<Received>(dir).filter((r) => r.path === path);
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('connect Slack through the dialog, reconfigure and disconnect', async ({ page }) => {
      const user = await createUser();
      const site = await addSite(user.pb, newDomain('tools'));
      const hookPath = `/services/T0/B0/secret-${Date.now()}`;
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
      await dialog.getByLabel('Incoming webhook URL').fill(`${process.env.E2E_WEBHOOK_ORIGIN}${hookPath}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      // Saving tests the webhook at once: the stand-in answered, so the card says connected.
      await expect(page.getByText('Connected!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(slack.getByText('Connected', { exact: true })).toBeVisible();
      expect(webhookRequests(hookPath)).toHaveLength(1);
      expect(JSON.parse(webhookRequests(hookPath)[0]!.body).text).toContain('Upliftly connection test');

      const stored = await (
        await superuser()
      )
        .collection('integrations')
        .getFirstListItem(`site_id = "${site.id}" && integration_type = "slack"`);
      expect(JSON.stringify(stored)).not.toContain(hookPath);
      const visible = await user.pb.collection('integrations').getFullList();
      expect(JSON.stringify(visible)).not.toContain(hookPath);

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

test('a signed webhook: connect, Test connection reaches the receiver, the log shows each attempt, the secret never shows again', async ({
  page,
}) => {
  const user = await createUser();
  await addSite(user.pb, newDomain('hooks'));
  const hookPath = `/cro-events/${Date.now()}`;
  const secret = `whsec_e2e_${Date.now()}`;
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/integrations');
  const card = page.getByTestId('integration-webhook');
  await expect(card.getByTestId('integration-note')).toContainText('signed JSON (X-CRO-Signature)');
  await card.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Webhook' });
  await dialog.getByLabel('Endpoint URL').fill(`${process.env.E2E_WEBHOOK_ORIGIN}${hookPath}`);
  await dialog.getByLabel('Signing secret').fill(secret);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connected!')).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect.poll(() => webhookRequests(hookPath).length).toBe(2);
  for (const r of webhookRequests(hookPath)) {
    expect(validSignature(r.headers['x-cro-signature'] as string, r.body, secret)).toBe(true);
    expect(JSON.parse(r.body)).toMatchObject({ type: 'test', data: { test: true } });
  }

  await card.getByText('Delivery log (2)').click();
  const entries = card.getByRole('list', { name: 'Delivery log' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Delivered test');
  await expect(entries.first()).toContainText('HTTP 200');
  await expect(entries.first()).toContainText(' ms');

  await card.getByRole('button', { name: 'Configure' }).click();
  await expect(dialog.getByLabel('Signing secret')).toHaveValue('');
  await expect(dialog.getByLabel('Signing secret')).toHaveAttribute('placeholder', 'Saved - leave blank to keep');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await page.content()).not.toContain(secret);
});

test('an integration that cannot work here says why and offers the webhook', async ({ page }) => {
  const user = await createUser();
  await addSite(user.pb, newDomain('hubspot'));
  await signInBrowser(page, user.pb);
  await page.goto('/dashboard/integrations');
  const card = page.getByTestId('integration-hubspot');
  await expect(card.getByTestId('integration-note')).toContainText('OAuth');
  await expect(card.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Use a webhook instead' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect Webhook' })).toBeVisible();
});

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
  // The toast is owed once the load has failed: the dashboard's boot before it (session, sites,
  // the screen's code) is waited for on its own, so a busy machine's slow boot is not read as a lost toast.
  const failedLoad = page.waitForResponse((r) => r.url().includes('/api/collections/integrations/records') && r.status() === 500);
  await page.goto('/dashboard/integrations');
  await failedLoad;
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
  // Logos load lazily: the card must be on screen, as a user scrolling to it would have it.
  await card.scrollIntoViewIfNeeded();
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
