// /pricing in Chromium: the five plans, the checkout state machine against stripe-mock, the
// signed-in plan section and the Book Demo form.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './islands';
import { signedHeaders, stripeEvent } from '../helpers/stripe-events';

const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function openPricing(page: Page) {
  await page.goto('/pricing');
  await hydrated(page, 'PricingPlans');
}

/** Signs a new user in through /auth, then opens /pricing. */
async function signedIn(page: Page) {
  const email = newEmail('e2e-pricing');
  await page.request.post('/api/collections/users/records', {
    data: { email, password: 'kettle-Quartz-81', passwordConfirm: 'kettle-Quartz-81' },
  });
  await page.goto('/auth');
  await hydrated(page, 'AuthPanel');
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('kettle-Quartz-81');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await openPricing(page);
  return email;
}

const planButtons = (page: Page) => page.locator('li.card button');

test('shows the five plans with their prices; Free and signed-out paid plans go to /auth', async ({ page }) => {
  await openPricing(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Simple, Transparent Pricing' })).toBeVisible();
  const cards = page.locator('li.card');
  await expect(cards).toHaveCount(5);
  for (const [name, price] of [
    ['Free', '$0'],
    ['Starter', '$79'],
    ['Growth', '$299'],
    ['Enterprise & Ecom', '$990'],
    ['Custom Enterprise', 'Custom'],
  ]) {
    const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card.getByText(price!, { exact: true })).toBeVisible();
  }
  await expect(cards.filter({ hasText: 'Most Popular' }).getByRole('heading')).toHaveText('Growth');
  // Every feature sold is one a customer can open: a link to where it lives, nothing 'coming soon'.
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  const features = page.locator('li.card ul[aria-label$="features"] > li');
  await expect(features).toHaveCount(await features.locator('a[href]').count());
  const enterprise = page.getByRole('list', { name: 'Enterprise & Ecom features' });
  await expect(enterprise.getByRole('link', { name: 'White label' })).toHaveAttribute('href', '/dashboard/settings?tab=brand');
  await expect(enterprise.getByRole('link', { name: 'Ecommerce features' })).toHaveAttribute('href', '/dashboard/ecommerce');
  await expect(page.getByRole('heading', { name: 'Your current plan' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Get Started with Growth' }).click();
  await expect(page.getByText('Please sign up or log in first')).toBeVisible();
  await page.waitForURL('**/auth');

  await openPricing(page);
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  await page.waitForURL('**/auth');
});

test('a signed-in user sees the current plan; checkout shows Loading... then opens Stripe Checkout', async ({ page }) => {
  // Toasts shown just before a navigation: recorded as they appear.
  const toasts: string[] = [];
  await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]:not([data-recorded])')) {
        el.setAttribute('data-recorded', '');
        (window as unknown as { recordToast(t: string): void }).recordToast(el.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await signedIn(page);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');

  // Hold the server's answer to look at the loading state, and stand in for Stripe's page.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/cro/create-checkout-session', async (route) => {
    await held;
    await route.continue();
  });
  await page.context().route('https://checkout.stripe.com/**', async (route) => {
    await new Promise((r) => setTimeout(r, 500)); // as over a real network: the toast shows meanwhile
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Stripe Checkout stand-in</title>' });
  });

  await page.getByRole('button', { name: 'Get Started with Growth' }).click();
  const buttons = planButtons(page);
  await expect(buttons).toHaveText(['Get Started Free', 'Loading...', 'Loading...', 'Loading...', 'Book Demo']);
  for (const i of [1, 2, 3, 4]) await expect(buttons.nth(i)).toBeDisabled();
  await expect(buttons.nth(0)).toBeEnabled();

  release();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
  expect(toasts).toContain('Opening secure checkout...');
});

test('a failed checkout toasts the error and clears the loading state', async ({ page }) => {
  await signedIn(page);
  await page.route('**/api/cro/create-checkout-session', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('button', { name: 'Get Started with Starter' }).click();
  await expect(page.getByText('Failed to start checkout. Please try again.')).toBeVisible();
  await expect(planButtons(page)).toHaveText(['Get Started Free', 'Get Started', 'Get Started', 'Get Started', 'Book Demo']);
  await expect(page).toHaveURL(/\/pricing$/);
});

test('on an install without payments, checkout says so instead of asking to try again', async ({ page }) => {
  await signedIn(page);
  // The server's own answer when STRIPE_SECRET_KEY is unset (tests/integration/mail.test.ts asks the real one).
  await page.route('**/api/cro/create-checkout-session', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 503, message: 'Payments are not configured', data: {} }),
    }),
  );
  await page.getByRole('button', { name: 'Get Started with Starter' }).click();
  await expect(page.getByText('Payments are not configured')).toBeVisible();
  await expect(page.getByText(/This install takes no card payments\. Contact .+ to have your plan set\./)).toBeVisible();
  await expect(page.getByText('Failed to start checkout. Please try again.')).toHaveCount(0);
  await expect(planButtons(page)).toHaveText(['Get Started Free', 'Get Started', 'Get Started', 'Get Started', 'Book Demo']);
});

test('Book Demo opens the enterprise demo form and confirms the request', async ({ page }) => {
  await openPricing(page);
  await page.getByRole('button', { name: 'Book Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Enterprise Demo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Work Email').fill(newEmail('demo'));
  await dialog.getByLabel('Company').fill('Big Shop');
  await dialog.getByLabel('Website').fill('https://bigshop.example');
  await dialog.getByLabel('Monthly Visitors').selectOption('1,000,000+');
  await dialog.getByLabel('Message').fill('Ten brands, one team.');
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expect(page.getByText('Demo request received!')).toBeVisible();
  await expect(dialog.getByText('Thank you! Your demo request has been received.')).toBeVisible();
});

test('/payment-success says the plan is active only for a checkout the server confirmed, then goes to the dashboard', async ({ page }) => {
  await signedIn(page);
  // A real checkout session (stripe-mock), as the Growth button starts it.
  const sessionId = await page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { token?: string }).token ?? '';
    const origin = location.origin;
    const res = await fetch('/api/cro/create-checkout-session', {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'growth', successUrl: `${origin}/payment-success`, cancelUrl: `${origin}/payment-cancel` }),
    });
    if (!res.ok) throw new Error(`checkout ${res.status}`);
    return ((await res.json()) as { session_id: string }).session_id;
  });
  expect(sessionId).toMatch(/^cs_/);

  // Before the webhook: the page waits and never claims an active plan.
  await page.goto(`/payment-success?session_id=${encodeURIComponent(sessionId)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirming your payment...');
  await expect(page.getByText('plan is active')).toBeHidden();

  // A link that is not this user's checkout is never confirmed.
  await page.goto('/payment-success?session_id=cs_made_up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not confirm a payment');
  await expect(page.getByRole('main').getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');

  // The signed webhook applies the checkout: now the page says so, with the real plan.
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { record?: { id?: string } }).record?.id,
  );
  const id = sessionId;
  const event = JSON.stringify(
    stripeEvent('checkout.session.completed', {
      id,
      object: 'checkout.session',
      client_reference_id: userId,
      customer: `cus_success_${userId}`,
      subscription: `sub_success_${userId}`,
      metadata: { plan: 'growth' },
    }),
  );
  const res = await page.request.post('/api/cro/stripe-webhook', {
    data: event,
    headers: signedHeaders(event, { secret: process.env.STRIPE_WEBHOOK_SECRET }),
  });
  expect(res.status()).toBe(200);

  await page.clock.install();
  await page.goto(`/payment-success?session_id=${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
  await expect(page.getByText('Thank you! Your Growth plan is active and a receipt is on its way to your inbox.')).toBeVisible();
  await page.clock.runFor(3_500);
  expect(new URL(page.url()).pathname).toBe('/payment-success');
  await page.clock.runFor(1_500);
  await page.waitForURL('**/dashboard');
});

test('a paying user sees the plan and reaches the Stripe customer portal', async ({ page }) => {
  await signedIn(page);
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { record?: { id?: string } }).record?.id,
  );
  const event = JSON.stringify(
    stripeEvent('checkout.session.completed', {
      id: `cs_e2e_${userId}`,
      object: 'checkout.session',
      client_reference_id: userId,
      customer: `cus_${userId}`,
      subscription: `sub_${userId}`,
      metadata: { plan: 'growth' },
    }),
  );
  const res = await page.request.post('/api/cro/stripe-webhook', {
    data: event,
    headers: signedHeaders(event, { secret: process.env.STRIPE_WEBHOOK_SECRET }),
  });
  expect(res.status()).toBe(200);

  await openPricing(page);
  await hydrated(page, 'PricingCurrentPlan');
  await expect(page.getByTestId('current-plan')).toHaveText('Growth');
  // The portal lives on Stripe's side (stripe-mock names some host of its own): stand in for it.
  await page.context().route(
    (url) => url.protocol === 'https:',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Stripe portal stand-in</title>' }),
  );
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL((u) => u.protocol === 'https:' && u.hostname !== '127.0.0.1');
});
