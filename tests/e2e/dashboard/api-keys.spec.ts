// Settings -> API in Chromium: the owner creates a key and sees it once, the test's own server
// uses it to record a conversion of a real visitor, Analytics shows that conversion and its
// revenue, and after revoking it in Settings the key is refused. The API comes with the
// Enterprise & Ecom plan: before the upgrade the tab offers the upgrade instead of the form.
import { expect, test } from '@playwright/test';
import { BASE, addSite, createUser, expectToast, newDomain, openFromSidebar, signInBrowser, superuser } from './helpers';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const postConversion = (key: string, body: object) =>
  fetch(`${BASE}/v1/conversions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

test('an API key made in Settings records a conversion that Analytics shows, until it is revoked', async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const domain = newDomain('apikeys');
  const site = await addSite(owner.pb, domain);
  const publicKey = (await owner.pb.collection('sites').getOne(site.id)).public_key as string;

  // One visit of the visitor the conversion will belong to, sent as the tracker sends it.
  const visitor = `v_${Date.now().toString(36)}`;
  const visit = await fetch(`${BASE}/api/cro/collect`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Origin: `https://${domain}`, 'User-Agent': CHROME_UA },
    body: JSON.stringify({ k: publicKey, v: visitor, s: `s_${Date.now().toString(36)}`, e: [{ t: 'pv', ts: Date.now(), p: '/checkout' }] }),
  });
  expect(visit.status).toBe(202);

  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'API' }).click();
  const card = page.getByTestId('api-keys');
  await expect(card.getByTestId('api-plan-required')).toHaveText('API access requires the Enterprise & Ecom plan. Upgrade');
  await expect(card.getByRole('button', { name: 'Create API Key' })).toHaveCount(0);

  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'enterprise' });
  await page.reload();
  await page.getByRole('tab', { name: 'API' }).click();
  await card.getByLabel('Key name').fill('Order backend');
  await card.getByLabel('Access').selectOption('write');
  await card.getByRole('button', { name: 'Create API Key' }).click();
  await expectToast(page, 'API key created', "Copy it now: it won't be shown again.");
  const key = (await card.getByTestId('new-api-key-value').textContent()) ?? '';
  expect(key).toMatch(/^upl_[A-Za-z0-9]{40}$/);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Order backend' });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Last used Never');

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await page.getByRole('tab', { name: 'API' }).click();
  await expect(page.getByTestId('api-key-row').filter({ hasText: 'Order backend' })).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);

  const sent = await postConversion(key, { site_id: site.id, visitor_id: visitor, goal: 'purchase', value: 149, currency: 'USD' });
  expect(sent.status).toBe(201);
  expect(await sent.json()).toMatchObject({ verified: true, value: 149 });

  await openFromSidebar(page, 'Analytics');
  await page.getByRole('button', { name: '7 days' }).click();
  const summary = (name: string) => page.getByTestId(`summary-${name}`).getByTestId('summary-value');
  await expect(summary('conversions')).toHaveText('1');
  await expect(summary('revenue')).toHaveText('$149.00');
  await expect(summary('conversion-rate')).toHaveText('100.00%');

  await openFromSidebar(page, 'Settings');
  await page.getByRole('tab', { name: 'API' }).click();
  const used = page.getByTestId('api-key-row').filter({ hasText: 'Order backend' });
  await expect(used).not.toContainText('Last used Never');
  await used.getByRole('button', { name: 'Revoke Order backend' }).click();
  await page.getByRole('dialog', { name: 'Revoke Order backend?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expectToast(page, 'API key revoked', 'Order backend no longer works.');
  await expect(used).toContainText('Revoked');

  const refused = await postConversion(key, { site_id: site.id, visitor_id: visitor, goal: 'purchase', value: 149 });
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ status: 401, code: 'unauthorized' });
});
