// AI Engine with a model configured: a second server (next port) talks to the scripted stand-in
// model (tests/helpers/model-standin.ts); each behaviour of the model shows the user what the
// catalogue says: the streamed answer, a slow first token, 429, 402 and a stream cut mid-answer.
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { startModelStandIn, STANDIN_KEY, type ModelStandIn } from '../helpers/model-standin';

const PORT = E2E_PORT + 1;
let model: ModelStandIn, server: TestServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  model = await startModelStandIn({ slowMs: 1500 });
  // The e2e install's DNS and edge addresses are in this process's environment: a second server must
  // not try to listen on them too.
  server = await startPocketBase({
    port: PORT,
    siteDir: resolve(import.meta.dirname, '../../dist'),
    env: { ...model.env, CRO_DNS_LISTEN: '', CRO_EDGE_HTTP: '', CRO_EDGE_HTTPS: '' },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await model?.stop();
});

async function openChat(page: Page) {
  const owner = await server.createUser();
  const site = await owner.client.collection('sites').create({ user_id: owner.record.id, domain: `ai-model-${Date.now()}.test` });
  await server.admin.collection('sites').update(site.id, { plan_tier: 'growth' });
  await page.goto('/robots.txt');
  await page.evaluate(
    (value) => localStorage.setItem('pocketbase_auth', value),
    JSON.stringify({ token: owner.client.authStore.token, record: owner.client.authStore.record }),
  );
  await page.goto('/dashboard/ai-engine');
  await expect(page.getByTestId('ai-engine-label')).toHaveText("Runs on standin-model, grounded in your site's own figures.");
}

async function ask(page: Page, question: string) {
  const input = page.getByLabel('Your question');
  await expect(input).toBeEnabled();
  await input.fill(question);
  await input.press('Enter');
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the answer streams in, then the input is free again; the key never reaches the page', async ({ page }) => {
  await openChat(page);
  await ask(page, 'How is my site doing?');
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect(answer).toHaveText('Stand-in model answer to "How is my site doing?". Grounding: no figures');
  await expect(page.getByLabel('Your question')).toBeEnabled();
  expect(await page.content()).not.toContain(STANDIN_KEY);
});

test('a slow first token shows Thinking… until the answer arrives', async ({ page }) => {
  await openChat(page);
  await ask(page, 'a slow one please');
  await expect(page.getByTestId('ai-chat-thinking')).toBeVisible();
  await expect(page.getByLabel('Your question')).toBeDisabled();
  await expect(page.getByTestId('chat-message-assistant')).toContainText('Stand-in model answer to "a slow one please"', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('ai-chat-thinking')).toHaveCount(0);
});

test('429 and 402 show the catalogue messages as toasts and sending stops', async ({ page }) => {
  await openChat(page);
  await ask(page, 'rate limit me');
  await expect(toast(page, 'Rate limit exceeded. Please try again in a moment.')).toBeVisible();
  await expect(page.getByLabel('Your question')).toBeEnabled();
  await ask(page, 'payment time');
  await expect(toast(page, 'Payment required. Please add credits to continue.')).toBeVisible();
  await expect(page.getByTestId('chat-message-assistant')).toHaveCount(0);
});

test('a stream cut mid-answer keeps what arrived and says it was interrupted', async ({ page }) => {
  await openChat(page);
  await ask(page, 'cut this answer');
  await expect(page.getByTestId('chat-message-assistant')).toHaveText('This answer will break off');
  await expect(toast(page, 'The AI response was interrupted. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Your question')).toBeEnabled();
});

test("Run Analysis shows the model's cards, and says so when the built-in rules stood in for an unusable answer", async ({ page }) => {
  await openChat(page);
  await page.goto('/dashboard/ai-analysis');
  model.structured = 'valid';
  await page.getByRole('button', { name: 'Run Analysis' }).click();
  await expect(toast(page, 'Generated 2 insights')).toBeVisible();
  await expect(page.getByTestId('ai-analysis-engine')).toHaveText('by the AI model');
  await expect(page.getByTestId('ai-insights')).toContainText('Stand-in model: shorten the checkout');

  model.structured = 'invalid';
  await page.getByRole('button', { name: 'Run Analysis' }).click();
  await expect(page.getByTestId('ai-analysis-engine')).toHaveText("by the built-in rules (the AI model's answer could not be used)");
  await expect(page.getByTestId('ai-insights')).not.toContainText('Stand-in model');
  model.structured = 'valid';
});
