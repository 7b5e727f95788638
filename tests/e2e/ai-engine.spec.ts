// AI Engine with no model configured (the e2e server's default, like a fresh clone): the built-in
// analyst is named as such, answers the quick questions about the demo site with the figures the
// Analytics screen shows, and a free site sees the premium banner with the input disabled.
import { expect, test, type Page } from '@playwright/test';
import { seedDemo } from './demo';
import { BASE, addSite, client, createUser, newDomain, openFromSidebar, signInBrowser, superuser } from './dashboard/helpers';

async function openAiEngine(page: Page) {
  await page.goto('/dashboard');
  await openFromSidebar(page, 'AI Engine');
  await expect(page.getByRole('heading', { name: 'AI Engine' })).toBeVisible();
}

test('a free site sees the premium banner; the input, send and quick questions are disabled', async ({ page }) => {
  const owner = await createUser();
  await addSite(owner.pb, newDomain('ai-free'));
  await signInBrowser(page, owner.pb);
  await openAiEngine(page);
  const banner = page.getByTestId('ai-premium-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByLabel('Your question')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Key CRO metrics' })).toBeDisabled();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
});

test('the built-in analyst answers about the demo site with the figures the Analytics screen shows', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await seedDemo(3);
  const demo = client();
  await demo.collection('users').authWithPassword(account.email, account.password);
  const [site] = await demo.collection('sites').getFullList({ sort: 'created_at' });
  await (await superuser()).collection('sites').update(site!.id, { plan_tier: 'starter' });

  await signInBrowser(page, demo);
  await page.goto('/dashboard');
  await openFromSidebar(page, 'Analytics');
  const summary = (name: string) => page.getByTestId(`summary-${name}`).getByTestId('summary-value');
  await expect(summary('visitors')).not.toHaveText('');
  const visitors = (await summary('visitors').textContent())!.trim();
  const rate = (await summary('conversion-rate').textContent())!.trim();
  const bounce = (await summary('bounce-rate').textContent())!.trim();
  expect(Number(visitors.replace(/,/g, ''))).toBeGreaterThan(0);

  await openFromSidebar(page, 'AI Engine');
  await expect(page.getByTestId('ai-engine-label')).toContainText('Answered by the built-in analyst');
  await page.getByRole('button', { name: 'Key CRO metrics' }).click();
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect(answer).toContainText(`${visitors} visitors`);
  await expect(answer).toContainText(`a conversion rate of ${rate}`);
  await expect(answer).toContainText(`a bounce rate of ${bounce}`);
  await expect(page.getByLabel('Your question')).toBeEnabled();

  for (const label of ['A/B testing best practices', 'Landing page optimization', 'Reduce cart abandonment']) {
    await page.getByRole('button', { name: label }).click();
    await expect(page.getByTestId('chat-message-user')).toHaveCount(
      ['Key CRO metrics', 'A/B testing best practices', 'Landing page optimization', 'Reduce cart abandonment'].indexOf(label) + 1,
    );
    await expect(page.getByLabel('Your question')).toBeEnabled();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText(`a conversion rate of ${rate}`);
  }

  // Shift+Enter makes a newline; Enter sends.
  const input = page.getByLabel('Your question');
  await input.fill('Write me a poem');
  await input.press('Shift+Enter');
  await input.pressSequentially('about the sea');
  await expect(input).toHaveValue('Write me a poem\nabout the sea');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('chat-message-user').last()).toHaveText('Write me a poem\nabout the sea');
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('cannot answer that question');
});

test('Run Analysis on a Growth site shows the toast and insight cards built from its figures', async ({ page }) => {
  const owner = await createUser();
  const domain = newDomain('ai-analysis');
  const site = (await addSite(owner.pb, domain)) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  // 24 visitors land on /spring-sale and leave.
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  for (let i = 0; i < 24; i++) {
    const body = JSON.stringify({
      k: site.public_key,
      v: `v${i}${Date.now()}`,
      s: `s${i}${Date.now()}`,
      e: [{ t: 'pv', ts: Date.now(), p: '/spring-sale' }],
    });
    const res = await fetch(`${BASE}/api/cro/collect`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'text/plain', Origin: `https://${domain}`, 'User-Agent': ua },
    });
    expect(res.status).toBe(202);
  }
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard');
  await openFromSidebar(page, 'AI Analysis');
  await expect(page.getByText('No analysis yet')).toBeVisible();
  await page.getByRole('button', { name: 'Run Analysis' }).click();
  await expect(page.getByText('Analysis complete')).toBeVisible();
  await expect(page.getByText('Generated 2 insights')).toBeVisible();
  const cards = page.getByTestId('ai-insight');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'High bounce on /spring-sale' }).getByTestId('ai-insight-evidence')).toHaveText(
    'Based on: 100.0% bounce rate on 24 entries (last 7 days)',
  );
  await expect(cards.first().getByRole('link', { name: 'Create Test' })).toHaveAttribute('href', '/dashboard/tests');
  await expect(page.getByTestId('ai-stat-total-sessions').getByTestId('ai-stat-value')).toHaveText('24');
});
