// The website scan in Chromium against the fixture site stand-in: the landing widget, the
// /website-scan page and a free user's dashboard scan show the real audit of the fixture pages.
import { expect, test, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { auditPage, combineSitePages, formatLift, LANDING_SCAN_RESULTS, mostCertain } from '../../src/lib/audit';
import { SCAN_MAX_RESULTS } from '../../src/lib/plans';
import { readFileSync } from 'node:fs';
import { fixturePage, parseWithGo } from '../helpers/audit-pages';
import { SUPERUSER } from '../helpers/pocketbase';
import { expectNoSeriousViolations } from './axe';
import { hydrated } from './islands';
import { E2E_PORT } from '../../playwright.config';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

const origin = (): string => {
  const o = process.env.SCAN_FIXTURE_ORIGIN;
  if (!o) throw new Error('the scan-site stand-in is not running');
  return o;
};
/** What the audit finds on a fixture page served at url (the expectation comes from the same code). */
const expected = (name: string, url: string) => auditPage(fixturePage(name, url));
/**
 * What the signed-in scan finds on the fixture shop: its home page, the listing it links to and
 * that listing's first product, judged as pages of the home page's site type.
 */
const expectedSite = () => {
  const home = expected('shop', 'http://shop-fixture.test/');
  const listingUrl = 'http://shop-fixture.test/collections/shirts';
  // Parsed at the URLs they are served from: which hosts are another site's depends on it.
  const served = (name: string, url: string) =>
    parseWithGo(readFileSync(new URL(`../fixtures/scan/quality/${name}.html`, import.meta.url), 'utf8'), url);
  const listing = auditPage(served('shop-category', listingUrl), { siteType: home.siteType });
  const productUrl = listing.siteLinks.find((l) => l.role === 'product')!.url;
  const product = auditPage(served('shop-product', productUrl), { siteType: home.siteType });
  const findings = combineSitePages([
    { url: home.url, role: 'home', result: home },
    { url: listingUrl, role: 'category', result: listing },
    { url: productUrl, role: 'product', result: product },
  ]).slice(0, SCAN_MAX_RESULTS);
  return { findings };
};

test('the landing widget scans a page and shows its top 3 real opportunities', async ({ page }) => {
  const url = `${origin()}/weak-landing/`;
  const audit = expected('weak-landing', url);
  await page.goto('/');
  await hydrated(page, 'LandingScan');
  const widget = page.getByTestId('landing-scan');
  const input = widget.getByLabel('Website URL');
  const button = widget.getByRole('button', { name: 'Analyze Website' });
  await expect(button).toBeDisabled();
  await input.fill(url);
  await expect(button).toBeEnabled();
  // The server's answer is held while the scanning state is checked: on a fast machine it would
  // otherwise end before the check looks.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/cro/scan', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(widget.getByRole('button', { name: 'Scanning...' })).toBeDisabled();
  await expect(input).toBeDisabled();
  await expect(widget.getByRole('progressbar')).toBeVisible();
  release();

  await expect(widget.getByText('Scan Complete')).toBeVisible();
  const items = widget.getByTestId('scan-opportunity');
  await expect(items).toHaveCount(3);
  // The widget's three are the findings the audit is most sure of.
  const sure = mostCertain(audit.findings, LANDING_SCAN_RESULTS);
  for (const [i, f] of sure.entries()) {
    await expect(items.nth(i).getByRole('heading')).toHaveText(f.title);
    await expect(items.nth(i)).toContainText(`+${f.liftMin.toFixed(1)}% to +${f.liftMax.toFixed(1)}%`);
    await expect(items.nth(i)).toContainText(f.timeToImplement);
  }
  // Confidence colours: green at 90 or more.
  const first = sure[0]!;
  await expect(items.nth(0).getByTestId('confidence')).toHaveText(`${first.confidence}%`);
  if (first.confidence >= 90) await expect(items.nth(0).getByTestId('confidence')).toHaveClass(/emerald/);
  await expect(widget.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth');
  await expectNoSeriousViolations(page, { include: '[data-testid="landing-scan"]', exclude: '[data-sonner-toaster]', bestPractice: false });

  // A new scan clears the earlier results; a refused address explains itself.
  await input.fill('http://10.0.0.1/');
  await widget.getByRole('button', { name: 'Analyze Website' }).click();
  await expect(widget.getByRole('alert')).toContainText('This address points to a private or reserved network and cannot be scanned.');
  await expect(items).toHaveCount(0);
  await expect(widget.getByText('Scan Complete')).toHaveCount(0);
});

test('/website-scan refuses an empty URL, then lists the 10 real findings of a shop', async ({ page }) => {
  await page.goto('/website-scan');
  await hydrated(page, 'WebsiteScan');
  await hydrated(page, 'Toaster');
  await page.getByRole('button', { name: 'Scan Website' }).click();
  await expect(page.getByText('URL Required')).toBeVisible();
  await expect(page.getByText('Please enter a website URL to scan')).toBeVisible();

  const url = `${origin()}/shop/`;
  const audit = expected('shop', url);
  await page.getByLabel('Website URL').fill(url);
  await page.getByRole('button', { name: 'Scan Website' }).click();
  await expect(page.getByRole('button', { name: 'Scanning...' })).toBeDisabled();
  await expect(page.getByText('Scan Complete!')).toBeVisible();
  await expect(page.getByText(/Detected an E-commerce site/)).toBeVisible();

  const cards = page.getByTestId('scan-optimization');
  await expect(cards).toHaveCount(Math.min(10, audit.findings.length));
  const f = audit.findings[0]!;
  await expect(cards.nth(0)).toContainText(f.title);
  await expect(cards.nth(0)).toContainText(`${f.impact} Impact`);
  await expect(cards.nth(0)).toContainText(f.difficulty);
  await expect(cards.nth(0)).toContainText(`+${f.conversionLift}`);
  await expect(cards.nth(0)).toContainText(f.category);
  await expect(page.getByTestId('site-type')).toHaveText('E-commerce');
  await expect(page.getByTestId('expected-lift')).toHaveText(formatLift(audit.expectedLift.min, audit.expectedLift.max));
  await expect(page.getByTestId('total-findings')).toHaveText(String(audit.findings.length));
  const more = audit.findings.length - 10;
  if (more > 0) await expect(page.getByTestId('more-count')).toContainText(`${more} more optimizations`);
  await expect(page.getByRole('link', { name: /Unlock All Optimizations/ })).toHaveAttribute('href', '/auth');
  await expectNoSeriousViolations(page, { include: '#main', exclude: '[data-sonner-toaster]', bestPractice: false });
});

async function signedInFreeOwner(page: Page) {
  const client = new PocketBase(BASE);
  client.autoCancellation(false);
  const email = `scan-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await client.collection('users').create({ email, password: 'secret-pass-1', passwordConfirm: 'secret-pass-1' });
  const admin = new PocketBase(BASE);
  await admin.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  const user = await admin.collection('users').getFirstListItem(`email = "${email}"`);
  await admin.collection('users').update(user.id, { verified: true });
  const auth = await client.collection('users').authWithPassword(email, 'secret-pass-1');
  const site = await client.collection('sites').create({ user_id: auth.record.id, domain: 'shop-fixture.test' });
  await page.goto('/');
  await page.evaluate(
    (value) => localStorage.setItem('pocketbase_auth', value),
    JSON.stringify({ token: client.authStore.token, record: client.authStore.record }),
  );
  return { site, client };
}

test("a free user's dashboard scan shows 3 opportunities and the unlock banner", async ({ page }) => {
  const { site, client } = await signedInFreeOwner(page);
  const audit = expectedSite();
  await page.goto('/dashboard');
  const card = page.getByTestId('website-scan-card');
  await card.getByRole('button', { name: 'Scan Website' }).click();
  await expect(card.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText('Comprehensive Scan Complete!')).toBeVisible();
  await expect(page.getByText(`Found ${audit.findings.length} optimization opportunities from website audit.`)).toBeVisible();
  const items = card.getByTestId('site-scan-opportunity');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(audit.findings[0]!.title);
  const banner = card.getByTestId('unlock-banner');
  await expect(banner).toHaveText(new RegExp(`Unlock ${audit.findings.length - 3} More Optimizations`));
  await expect(banner).toHaveAttribute('href', '/pricing');

  // A finding the pattern library fixes becomes a rule in one click (a draft on the free plan).
  const { FINDING_PATTERNS } = await import('../../src/lib/audit');
  const linked = audit.findings.slice(0, 3).find((f) => FINDING_PATTERNS[f.id]);
  expect(linked).toBeDefined();
  const patternName = FINDING_PATTERNS[linked!.id]!;
  await card.getByRole('button', { name: `Create rule: ${patternName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deploy ${patternName}` });
  await dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Saved as a draft')).toBeVisible();
  const rules = await client.collection('optimization_rules').getFullList({ filter: `site_id = "${site.id}"` });
  expect(rules.map((r) => [r.name, r.enabled])).toEqual([[patternName, false]]);
});
