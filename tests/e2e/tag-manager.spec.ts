// Google Tag Manager in Chromium: the owner connects the Google Tag Manager card; a visitor of the
// fixture shop, in a running A/B test of its headline and under a rule on its footer, then finds
// both exposures in the page's `dataLayer` (the one the page's GTM snippet made, kept, or one the
// tracker makes), with the ids of the test, of the variant the assignment gives this visitor and
// of the rule; a visitor who sends Do Not Track gets the rule but no push. Once disconnected,
// nothing is pushed, while the test still runs.
import { expect, test, type BrowserContext } from '@playwright/test';
import { assignVariant } from '../../src/lib/assignment';
import { addSite, createUser, newDomain, signInBrowser, superuser } from './dashboard/helpers';
import { visitorBrowser, type Privacy } from './visitors';

const SHOP = process.env.TRACKER_FIXTURE_ORIGIN ?? '';
const visitorContext = visitorBrowser();
const BENEFIT = 'Start free today';
const FOOTER = 'Free returns for 60 days.';

type Win = { cro?: { l?: number; to?: number }; dataLayer?: unknown[] };

interface Visit {
  headline: string;
  footer: string;
  /** The page's dataLayer once the tracker has run (undefined: nobody made one). */
  dataLayer: unknown[] | undefined;
  /** The experiment exposures the visitor's browser sent to the product. */
  exposures: { id?: string; n?: string }[];
}

/**
 * A visitor (id preset) views the product page, with GTM's own snippet in the page or not. The
 * loader gives up on a tracker that is late (a busy machine): the page is then loaded again, as the
 * visitor's next view, until the tracker ran in time.
 */
async function visit(key: string, id: string, o: { gtmSnippet?: boolean; privacy?: Privacy } = {}): Promise<Visit> {
  const ctx: BrowserContext = await visitorContext(o.privacy);
  await ctx.addInitScript(
    ({ v, gtm }) => {
      localStorage.setItem('cro_v', v);
      // What GTM's container snippet does first thing in <head>.
      if (gtm) (window as unknown as Win).dataLayer = [{ event: 'gtm.js' }];
    },
    { v: id, gtm: !!o.gtmSnippet },
  );
  const sent: { t: string; id?: string; n?: string }[] = [];
  ctx.on('request', (r) => {
    if (r.url().endsWith('/api/cro/collect')) sent.push(...(JSON.parse(r.postData() ?? '{}').e ?? []));
  });
  const page = await ctx.newPage();
  for (let tries = 0; ; tries++) {
    await page.goto(`${SHOP}/product${tries ? '' : `?cro_key=${key}`}`);
    await page.waitForFunction(() => (window as unknown as Win).cro?.l === 1);
    await page.waitForLoadState('load');
    if (!(await page.evaluate(() => (window as unknown as Win).cro?.to === 1))) break;
    console.log(`the loader gave up on the tracker for visitor ${id}: viewing the page again`);
    expect(tries).toBeLessThan(3);
  }
  // Applying is done before the load event; the exposure batch follows at idle time.
  if (!o.privacy?.dnt) await expect.poll(() => sent.filter((e) => e.t === 'pv').length, { timeout: 10_000 }).toBeGreaterThan(0);
  const result = {
    headline: (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
    footer: (await page.locator('#bottom').textContent()) ?? '',
    dataLayer: await page.evaluate(() => (window as unknown as Win).dataLayer),
    exposures: sent.filter((e) => e.t === 'xp').map((e) => ({ id: e.id, n: e.n })),
  };
  await ctx.close();
  return result;
}

test('connected, each exposure reaches the dataLayer with its ids; disconnected, nothing does', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await createUser();
  const site = (await addSite(owner.pb, newDomain('gtmshop'))) as unknown as { id: string; public_key: string };
  const admin = await superuser();
  await admin.collection('sites').update(site.id, { plan_tier: 'growth', optimization_enabled: true });
  const goal = await owner.pb
    .collection('goals')
    .create({ site_id: site.id, name: 'Signup', type: 'url', match: '/thank-you', enabled: true });
  const exp = await owner.pb.collection('experiments').create({
    site_id: site.id,
    name: 'Pricing headline',
    status: 'running',
    selector: 'h1',
    url_pattern: '/product',
    primary_goal: goal.id,
    variants: [
      { key: 'control', name: 'Control', weight: 0.5, changes: [] },
      { key: 'b', name: 'Benefit', weight: 0.5, changes: [{ type: 'set_text', value: BENEFIT }] },
    ],
  });
  const rule = await owner.pb.collection('optimization_rules').create({
    site_id: site.id,
    name: 'Longer returns',
    rule_type: 'cta_text',
    url_pattern: '/product',
    selector: '#bottom',
    changes: [{ type: 'set_text', value: FOOTER }],
    rollout_percentage: 100,
    enabled: true,
  });
  // One visitor id the assignment puts in each arm.
  const ids = Array.from({ length: 100 }, (_, i) => `gtmvisitor${i}abc`);
  const inArm = (arm: number) => ids.find((v) => assignVariant(v, exp.seed, 1, [0.5, 0.5]) === arm)!;
  const [controlId, variantId] = [inArm(0), inArm(1)];

  // The owner connects the card; it works in the browser, so there is nothing to test or log.
  await signInBrowser(page, owner.pb);
  await page.goto('/dashboard/integrations');
  const card = page.getByTestId('integration-google_tag_manager');
  await expect(card.getByTestId('integration-note')).toContainText("{event: 'cro_exposure', cro_experiment_id, cro_variant_id}");
  await expect(card.getByText('Not connected')).toBeVisible();
  await card.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Google Tag Manager' });
  await dialog.getByLabel('Container ID (Optional)').fill('GTM-TEST123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Test connection' })).toHaveCount(0);

  // A variant visitor on a page whose GTM snippet already made the dataLayer: it is kept.
  const b = await visit(site.public_key, variantId, { gtmSnippet: true });
  expect([b.headline, b.footer]).toEqual([BENEFIT, FOOTER]);
  expect(b.dataLayer?.[0]).toEqual({ event: 'gtm.js' });
  expect(b.dataLayer).toHaveLength(3);
  expect(b.dataLayer).toEqual(
    expect.arrayContaining([
      { event: 'cro_exposure', cro_experiment_id: exp.id, cro_variant_id: 'b' },
      { event: 'cro_rule_exposure', cro_rule_id: rule.id },
    ]),
  );
  expect(b.exposures).toEqual([{ id: exp.id, n: 'b' }]);

  // A control visitor on a page without GTM yet: the tracker makes the dataLayer.
  const control = await visit(site.public_key, controlId);
  expect(control.headline).toBe('Trail Shoe');
  expect(control.dataLayer).toHaveLength(2);
  expect(control.dataLayer).toEqual(
    expect.arrayContaining([
      { event: 'cro_exposure', cro_experiment_id: exp.id, cro_variant_id: 'control' },
      { event: 'cro_rule_exposure', cro_rule_id: rule.id },
    ]),
  );

  // Do Not Track: the rule applies to everyone, but nothing about this visitor is pushed.
  const dnt = await visit(site.public_key, variantId, { privacy: { dnt: true } });
  expect(dnt.footer).toBe(FOOTER);
  expect(dnt.dataLayer).toBeUndefined();

  // Disconnected: the test runs on, and nothing reaches the dataLayer.
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('Not connected')).toBeVisible();
  const after = await visit(site.public_key, variantId, { gtmSnippet: true });
  expect([after.headline, after.footer]).toEqual([BENEFIT, FOOTER]);
  expect(after.dataLayer).toEqual([{ event: 'gtm.js' }]);
  const fresh = await visit(site.public_key, controlId);
  expect(fresh.headline).toBe('Trail Shoe');
  expect(fresh.exposures).toEqual([{ id: exp.id, n: 'control' }]);
  expect(fresh.dataLayer).toBeUndefined();
});
