import { expect, test } from '@playwright/test';
import { signedHeaders, stripeEvent } from '../../helpers/stripe-events';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './helpers';

test('Account Settings shows the plan and takes a paying owner to the Stripe customer portal', async ({ page }) => {
  const owner = await createUser();
  await addSite(owner.pb, newDomain('billing'));
  await signInBrowser(page, owner.pb);

  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('settings-plan')).toHaveText('Free');
  await expect(page.getByTestId('plan-billing').getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');

  const event = JSON.stringify(
    stripeEvent('checkout.session.completed', {
      id: `cs_settings_${owner.id}`,
      object: 'checkout.session',
      client_reference_id: owner.id,
      customer: `cus_${owner.id}`,
      subscription: `sub_${owner.id}`,
      metadata: { plan: 'growth' },
    }),
  );
  const res = await page.request.post('/api/cro/stripe-webhook', {
    data: event,
    headers: signedHeaders(event, { secret: process.env.STRIPE_WEBHOOK_SECRET }),
  });
  expect(res.status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('settings-plan')).toHaveText('Growth');
  // The portal lives on Stripe's side (stripe-mock names a host of its own): stand in for it.
  await page.context().route(
    (url) => url.protocol === 'https:',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Stripe portal stand-in</title>' }),
  );
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL((u) => u.protocol === 'https:' && u.hostname !== '127.0.0.1');
});

test('a Free owner is told before the A/B test wizard that starting a test needs a paid plan, and the operator-set plan lifts it', async ({
  page,
}) => {
  const owner = await createUser();
  await addSite(owner.pb, newDomain('free-tests'));
  await signInBrowser(page, owner.pb);

  await page.goto('/dashboard/tests');
  const notice = page.getByTestId('paid-plan-notice');
  await expect(notice).toHaveText('Starting an A/B test requires a paid plan. You can prepare tests as drafts. Upgrade');
  await expect(notice.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await page.getByRole('button', { name: 'Create Test' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Test' }).getByTestId('paid-plan-notice')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // An operator sets the plan in the admin UI (no payments on this path): the notice goes.
  const admin = await superuser();
  await admin.collection('subscriptions').create({ user_id: owner.id, plan_tier: 'growth', subscription_status: 'active' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'A/B Tests' })).toBeVisible();
  await expect(page.getByTestId('paid-plan-notice')).toHaveCount(0);
});
