// On-page surveys in Chromium: the owner of a Growth site creates an NPS survey in the Surveys
// screen, shown on exit intent to 100% of the visitors of the fixture shop's product page. Three
// visitors leave the page at the top, answer with the keyboard or the pointer, and the results show
// the NPS their answers give; a visitor who answered is not asked again. On a consent-free site a
// visitor closes the survey with Escape, is asked again on the next page view (nothing on the device
// remembers it) and answers, and nothing of ours is stored on the device.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';
import { leave, visitorBrowser } from './visitors';
import { expectNoSeriousViolations } from './axe';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();

/** Opens the product page and leaves it at the top of the window until the survey shows. */
async function exitIntent(v: Page, key: string): Promise<void> {
  const widget = v.waitForResponse((r) => r.url().includes('/t/s/') && r.status() === 200);
  await v.goto(`${SHOP}/product?cro_key=${key}`);
  await widget;
  await expect
    .poll(async () => {
      await v.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })));
      return v.locator('[data-cro-survey]').count();
    })
    .toBe(1);
}

/** Answers the NPS question; the answer is stored (201) and the thank-you message shows. */
async function answer(v: Page, score: number): Promise<void> {
  const dialog = v.getByRole('dialog', { name: 'How likely are you to recommend us to a friend or colleague?' });
  await expect(dialog).toBeVisible();
  const sent = v.waitForResponse((r) => r.url().includes('/api/cro/surveys/answer'));
  await dialog.getByRole('button', { name: `${score} of 10`, exact: true }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog.getByRole('status')).toHaveText('Thank you for your feedback!');
}

async function deviceState(v: Page, ctx: BrowserContext) {
  const inPage = await v.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookie: document.cookie.split(/;\s*/).filter((c) => c && !c.startsWith('cro_key=')),
  }));
  return { ...inPage, cookies: (await ctx.cookies()).map((c) => c.name).filter((n) => n !== 'cro_key') };
}

test('an NPS survey on exit intent collects three answers and shows their NPS', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('survey-shop'))) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth' });
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/surveys');
  await page.getByRole('button', { name: 'New survey' }).click();
  const form = page.getByTestId('survey-form');
  await form.getByLabel('Name').fill('Product NPS');
  await form.getByLabel('Pages (URL patterns, one per line; empty = every page)').fill('/product');
  await form.getByLabel('On exit intent').check();
  await expect(form.getByLabel('Share of visitors (%)')).toHaveValue('100');
  await form.getByRole('button', { name: 'Save survey' }).click();
  await expect(page.getByTestId('surveys-list')).toContainText('Product NPS');

  for (const score of [10, 9, 3]) {
    const ctx = await visitorContext();
    const v = await ctx.newPage();
    await exitIntent(v, site.public_key);
    if (score === 10) {
      await expectNoSeriousViolations(v, { include: '[data-cro-survey]', bestPractice: false });
      // Keyboard: the dialog takes focus on its first answer; Tab and Enter answer.
      await expect(v.getByRole('button', { name: '0 of 10', exact: true })).toBeFocused();
      for (let i = 0; i < 10; i++) await v.keyboard.press('Tab');
      await expect(v.getByRole('button', { name: '10 of 10' })).toBeFocused();
      const sent = v.waitForResponse((r) => r.url().includes('/api/cro/surveys/answer'));
      await v.keyboard.press('Enter');
      expect((await sent).status()).toBe(201);
      // Asked once: the same visitor on the page again is not asked again.
      const widget = v.waitForResponse((r) => r.url().includes('/t/s/'));
      await v.reload();
      await widget;
      await v.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })));
      await v.waitForTimeout(300);
      await expect(v.locator('[data-cro-survey]')).toHaveCount(0);
    } else await answer(v, score);
    await leave(ctx);
  }

  await page.getByRole('button', { name: 'Results of Product NPS' }).click();
  const results = page.getByTestId('survey-results');
  await expect(results.getByTestId('survey-responses')).toHaveText('3');
  // Two promoters (10, 9) and one detractor (3) of three: 66.7% - 33.3% = +33.3.
  await expect(results.getByTestId('survey-nps')).toHaveText('NPS +33.3');
  await expect(results.getByTestId('survey-nps-interval')).toContainText('2 promoters, 0 passives, 1 detractors');
});

test("a consent-free site's visitor answers and nothing is stored on the device", async () => {
  test.setTimeout(60_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('survey-cf'))) as unknown as { id: string; public_key: string };
  await (await superuser()).collection('sites').update(site.id, { plan_tier: 'growth', consent_free: true });
  await owner.pb.collection('surveys').create({
    site_id: site.id,
    kind: 'nps',
    question: 'How likely are you to recommend us to a friend or colleague?',
    thanks: 'Thank you for your feedback!',
    exit_intent: true,
    share: 100,
    active: true,
  });
  const ctx = await visitorContext();
  const v = await ctx.newPage();
  await exitIntent(v, site.public_key);
  // Escape closes the survey. Nothing on the device remembers it, so the next page view asks again.
  await expect(v.getByRole('dialog')).toBeVisible();
  await v.keyboard.press('Escape');
  await expect(v.locator('[data-cro-survey]')).toHaveCount(0);
  await exitIntent(v, site.public_key);
  await answer(v, 8);
  expect(await deviceState(v, ctx)).toEqual({ local: [], session: [], cookie: [], cookies: [] });
  await leave(ctx);
  const stored = await owner.pb.collection('survey_answers').getFullList({ filter: `site_id = "${site.id}"` });
  expect(stored.map((a) => a.score)).toEqual([8]);
});
