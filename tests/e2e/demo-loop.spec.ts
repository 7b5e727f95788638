// `npm run demo` shows the whole product working (issue 33 item 11): after the demo's full loop,
// the demo owner signs in and every dashboard screen (every route but the operators' Admin) shows
// the demo's data, not its empty state. The demo's site is the demo shop this server serves on
// demo-shop.localhost, so the Overview's website scan reads a real page, and a visitor of the shop is
// tracked.
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_PATHS, type RouteName } from '../../src/dashboard/data/router';
import { seedDemo } from './demo';
import { E2E_PORT } from '../../playwright.config';
import { client, signInBrowser } from './dashboard/helpers';
import { visitorBrowser } from './visitors';

// The empty states of the screens, none of which may show. (The Overview's 'No scan yet' is the
// scan card before its 'Scan Website' click; the check clicks it.)
const EMPTY = [
  'No test results yet',
  'No active optimizations',
  'No analysis yet',
  'CRO Workers are an Enterprise feature',
  'No patterns found',
  'No optimizations yet',
  'No Recordings Yet',
  'No forms seen yet',
  'No clicks yet',
  'No Funnels Created Yet',
  'No Scheduled Reports',
  'No tests yet',
  'No visitors yet',
  'No sessions yet',
  'No goals yet',
  'No health metrics recorded yet.',
];

const RULE = 'Free shipping on the add-to-cart button';
const TEST = 'Benefit headline on product pages';
const nonZero = /[1-9]/;

type Check = (page: Page, demo: { email: string; domain: string }) => Promise<void>;

const SCREENS: Record<Exclude<RouteName, 'admin'>, Check> = {
  overview: async (page) => {
    await expect(page.getByTestId('kpi-cards')).toContainText(nonZero);
    await expect(page.getByTestId('recent-tests')).toContainText(TEST);
    await expect(page.getByTestId('active-optimization').first()).toContainText(RULE);
    // The scan reads the demo shop this server serves.
    await page.getByRole('button', { name: 'Scan Website' }).click();
    await expect(page.getByTestId('site-scan-opportunity').first()).toBeVisible();
  },
  trackingSetup: async (page, demo) => {
    await expect(page.getByTestId('your-website')).toContainText(demo.domain);
    await expect(page.getByTestId('your-website')).toContainText('Active');
  },
  aiAnalysis: async (page) => {
    await expect(page.getByTestId('ai-analysis-stats')).toContainText(nonZero);
    await expect(page.getByTestId('ai-insights')).toBeVisible();
  },
  aiEngine: async (page) => {
    await expect(page.getByLabel('Your question')).toBeEnabled();
    await expect(page.getByTestId('ai-premium-banner')).toHaveCount(0);
  },
  croWorkers: async (page) => {
    await expect(page.getByText('Mean Apply Time')).toBeVisible();
  },
  library: async (page) => {
    await expect(page.getByTestId('pattern-card').first()).toBeVisible();
  },
  optimizations: async (page) => {
    await expect(page.getByText(RULE).first()).toBeVisible();
  },
  forms: async (page) => {
    await expect(page.getByTestId('form-row').first()).toBeVisible();
    await expect(page.getByTestId('form-starts').first()).toContainText(nonZero);
  },
  recordings: async (page) => {
    await expect(page.getByTestId('recording-row').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Heatmaps' }).click();
    await expect(page.getByTestId('heatmap-summary')).toContainText(/[1-9][\d,]* clicks? in the last 30 days/);
    await page.getByRole('tab', { name: 'Click Maps' }).click();
    await expect(page.getByTestId('click-map-row').first()).toBeVisible();
  },
  funnels: async (page) => {
    await expect(page.getByTestId('funnel-step')).toHaveCount(4);
    await expect(page.getByTestId('funnel-step-users').first()).toContainText(nonZero);
    await expect(page.getByTestId('funnel-step-users').last()).toContainText(nonZero);
  },
  ecommerce: async (page) => {
    // The demo shop sends no ecommerce events: the screen opens on its settings and figures.
    await expect(page.getByTestId('ecommerce-settings')).toBeVisible();
    await expect(page.getByTestId('ecommerce-summary')).toBeVisible();
  },
  surveys: async (page) => {
    // The demo has no surveys yet: the screen opens on its (empty) list.
    await expect(page.getByTestId('surveys-list')).toBeVisible();
  },
  integrations: async (page) => {
    await expect(page.getByTestId('integrations-grid')).toBeVisible();
  },
  reports: async (page) => {
    await expect(page.getByTestId('scheduled-report')).toContainText('Weekly performance');
  },
  tests: async (page) => {
    await expect(page.getByText(TEST).first()).toBeVisible();
    await page.getByText(TEST).first().click();
    await expect(page.getByTestId('test-detail')).toBeVisible();
    await expect(page.getByTestId('variant-control').getByTestId('users')).toContainText(nonZero);
    // A clear result: the variant's chance to beat the control is at least 95%.
    await expect(page.getByTestId('variant-b').getByTestId('chance')).toHaveText(/^\s*(9[5-9](\.\d+)?|100(\.0+)?)%\s*$/);
  },
  analytics: async (page) => {
    await expect(page.getByTestId('summary-visitors').getByTestId('summary-value')).toContainText(nonZero);
    await expect(page.getByTestId('recent-session').first()).toBeVisible();
  },
  safety: async (page) => {
    await expect(page.getByTestId('safety-rule')).toContainText(RULE);
    await expect(page.getByTestId('summary-active-rules')).toContainText('1 / 1');
    // The rule's health, evaluated from its exposures.
    await page.getByRole('tab', { name: /Health Metrics/ }).click();
    await expect(page.getByTestId('health-metric').first()).toBeVisible();
  },
  team: async (page, demo) => {
    await expect(page.getByTestId(`member-${demo.email}`)).toBeVisible();
  },
  settings: async (page, demo) => {
    await expect(page.getByTestId(`domain-${demo.domain}`)).toBeVisible();
    await page.getByRole('tab', { name: 'Goals' }).click();
    await expect(page.getByTestId('goal-row')).toHaveCount(3);
  },
};

const visitorContext = visitorBrowser();
let demo: { email: string; password: string; domain: string };

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  // The demo's four weeks of traffic through the collect endpoint, on the demo shop this server serves.
  test.setTimeout(150_000);
  const seeded = await seedDemo(28, { full: true, domain: 'demo-shop.localhost' });
  expect(seeded.output).toContain('website scan of http://demo-shop.localhost/');
  demo = seeded;
});

test('after the demo every dashboard screen shows its data', async ({ page }) => {
  test.setTimeout(120_000); // sixteen screens
  const pb = client();
  await pb.collection('users').authWithPassword(demo.email, demo.password);
  await signInBrowser(page, pb);

  const routes = (Object.keys(ROUTE_PATHS) as RouteName[]).filter((r) => r !== 'admin');
  expect(routes.sort()).toEqual(Object.keys(SCREENS).sort());
  for (const route of routes) {
    await test.step(route, async () => {
      await page.goto(ROUTE_PATHS[route]);
      await SCREENS[route as Exclude<RouteName, 'admin'>](page, demo);
      for (const title of EMPTY) await expect(page.getByText(title, { exact: true }), `${route}: ${title}`).toHaveCount(0);
    });
  }
});

test("a visitor of the demo shop is tracked: the page carries the demo site's tracker, whose events collect accepts", async () => {
  const ctx = await visitorContext();
  const page = await ctx.newPage();
  const collected = page.waitForResponse((r) => r.url().endsWith('/api/cro/collect') && r.request().method() === 'POST');
  await page.goto(`http://demo-shop.localhost:${E2E_PORT}/products/daypack`);
  // The running A/B test's control or variant headline, whichever this visitor was assigned.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Daypack|Free shipping, thirty-day returns)$/);
  expect((await collected).status()).toBe(202);
  await ctx.close();
});
