// Every public route owned by the public-site work: its heading, its key links and the shared
// header and footer, as a visitor sees them in the production build.
import { freezeClock } from './clock';
import { expect, test, type Page } from '@playwright/test';

interface RouteCheck {
  path: string;
  heading: string | RegExp;
  /** Links (accessible name -> href) that must be on the page besides header and footer. */
  links?: Array<[string | RegExp, string]>;
  text?: string[];
}

const routes: RouteCheck[] = [
  {
    path: '/',
    heading: /Turn more of your visitors into/,
    links: [
      ['Start Free Trial', '/auth'],
      ['View all integrations', '/dashboard/integrations'],
      ['Get Started Free', '/auth'],
    ],
    text: ['247%', 'CRO agencies', 'DIY A/B testing tools', 'Hiring CRO specialists', 'Verified customer', 'Revenue you can measure'],
  },
  {
    path: '/features',
    heading: 'Everything you need to optimize conversions',
    links: [['Start Free Trial', '/auth']],
    text: [
      'AI-Powered Optimization',
      'Instant Implementation',
      'Real-Time Analytics',
      'Smart A/B Testing',
      'Behavior Analytics',
      'Conversion Funnels',
      'Real-Time Monitoring',
      'Revenue Tracking',
      'Enterprise Security',
    ],
  },
  {
    path: '/about',
    heading: 'We help businesses convert the visitors they already have',
    links: [['View open positions', '/careers']],
    text: ['Our mission', 'Our team', 'Our technology', 'Our values'],
  },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    text: ['Last updated: January 2025', 'within 30 days', 'under 18', 'International transfers', 'CCPA'],
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    text: ['18 years old', 'non-refundable', '30 days’ notice', 'Swedish law', 'under $10,000'],
  },
  { path: '/cookies', heading: 'Cookie Policy' },
  { path: '/gdpr', heading: 'GDPR Compliance' },
  {
    path: '/careers',
    heading: 'Join our team',
    links: [
      ['Apply Now: Senior Frontend Engineer', '/contact'],
      ['Apply Now: Data Scientist', '/contact'],
      ['Apply Now: Product Manager', '/contact'],
      ['Apply Now: CRO Specialist', '/contact'],
    ],
    text: ['Remote', 'Full-time'],
  },
  {
    path: '/help',
    heading: 'How can we help?',
    links: [['Contact support', '/contact']],
    text: ['Getting Started', 'Optimizations & A/B Tests', 'Analytics & Reports', 'Billing & Account'],
  },
  {
    path: '/case-studies',
    heading: 'Real results from real customers',
    links: [['Get Started Free', '/auth']],
    text: ['+127%', '+89%', '+214%'],
  },
  {
    path: '/security',
    heading: 'Security you can rely on',
    links: [['Contact our security team', '/contact']],
    text: [
      'We are not SOC 2 audited yet',
      'TLS 1.3',
      'AES-256',
      'Multi-factor authentication',
      'Every customer account can turn on two-step sign-in',
      'Regular audits',
    ],
  },
  { path: '/status', heading: 'System Status', text: ['All systems operational', '100.00% uptime (since'] },
  {
    path: '/api-docs',
    heading: 'API Documentation',
    links: [['Get Started Free', '/auth']],
    // The endpoints and schemas come from the OpenAPI document the server serves.
    text: ['export UPLIFTLY_API_KEY="YOUR_API_KEY"', '/v1/conversions', '/v1/analytics', '/v1/experiments/{id}/results', 'ConversionInput'],
  },
  { path: '/changelog', heading: "What's new", text: ['Version 2.4.0', 'Version 2.3.0', 'Version 2.2.0', 'Feature', 'Improvement', 'Fix'] },
  {
    path: '/press',
    heading: 'Press & Media',
    links: [
      [/Logo \(SVG\)/, '/press/upliftly-logo.svg'],
      [/Logo \(PNG\)/, '/press/upliftly-logo.png'],
      [/Company fact sheet/, '/press/upliftly-fact-sheet.pdf'],
      [/Brand colours/, '/press/upliftly-brand-colours.svg'],
    ],
  },
  {
    // A bare link confirms nothing (the confirmed state: pricing.spec).
    path: '/payment-success',
    heading: 'We could not confirm a payment',
    links: [
      ['Go to Dashboard', '/dashboard'],
      ['View Plans', '/pricing'],
    ],
  },
  {
    path: '/payment-cancel',
    heading: 'Payment Cancelled',
    links: [
      ['Back to Pricing', '/pricing'],
      ['Go Home', '/'],
    ],
    text: ['no charges were made'],
  },
];

async function expectLink(page: Page, name: string | RegExp, href: string) {
  const link = page
    .getByRole('main')
    .getByRole('link', { name, exact: typeof name === 'string' })
    .first();
  await expect(link).toHaveAttribute('href', href);
}

for (const route of routes) {
  test(`${route.path} shows its heading, key links and content`, async ({ page }) => {
    if (route.path === '/payment-success') await freezeClock(page); // keep it from redirecting mid-check
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    for (const [name, href] of route.links ?? []) await expectLink(page, name, href);
    for (const text of route.text ?? []) await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeVisible();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`${route.path === '/' ? '/' : route.path}$`),
    );
  });
}

test('the header links home, to the scan, ROI calculator, pricing and twice to /auth', async ({ page }) => {
  await page.goto('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Upliftly' })).toHaveAttribute('href', '/');
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'CRO Scan' })).toHaveAttribute('href', '/website-scan');
  await expect(nav.getByRole('link', { name: 'ROI Calculator' })).toHaveAttribute('href', '/roi-calculator');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(header.getByRole('link', { name: 'Login' }).first()).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Get Started Free' }).first()).toHaveAttribute('href', '/auth');
});

test('the footer lists every public link and its social icons are not links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const hrefs = await footer
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/features',
    '/pricing',
    '/dashboard/integrations',
    '/api-docs',
    '/changelog',
    '/about',
    '/careers',
    '/press',
    '/contact',
    '/help',
    '/insights',
    '/case-studies',
    '/dashboard/library',
    '/security',
    '/status',
    '/privacy',
    '/terms',
    '/cookies',
    '/gdpr',
  ]);
  const social = footer.getByRole('list', { name: 'Social media' });
  await expect(social.getByRole('img')).toHaveCount(4);
  await expect(social.getByRole('link')).toHaveCount(0);
});

test('the landing page shows three testimonials with every field, 12 integration logos and the scan slot', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Verified customer' });
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(cards.first()).toContainText('Emma Lindqvist');
  await expect(cards.first()).toContainText('Head of E-commerce, Nordic Threads');
  await expect(cards.first()).toContainText('+$182K in 3 months');
  await expect(page.locator('img[src^="/integrations/"]')).toHaveCount(12);
  await expect(page.locator('[data-slot="landing-scan"]')).toHaveCount(1);
});

test('an integration logo that fails to load is hidden', async ({ page }) => {
  await page.route('**/integrations/stripe.svg', (route) => route.abort());
  await page.goto('/');
  const stripe = page.locator('img[src="/integrations/stripe.svg"]');
  await stripe.scrollIntoViewIfNeeded();
  await expect(stripe).toBeHidden();
  await expect(page.locator('img[src="/integrations/shopify.svg"]')).toBeVisible();
});

test('press asset tiles download real files', async ({ page, request }) => {
  await page.goto('/press');
  for (const [file, type] of [
    ['upliftly-logo.svg', 'image/svg+xml'],
    ['upliftly-logo.png', 'image/png'],
    ['upliftly-fact-sheet.pdf', 'application/pdf'],
  ] as const) {
    const response = await request.get(`/press/${file}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain(type);
  }
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Company fact sheet/ }).click();
  expect((await download).suggestedFilename()).toBe('upliftly-fact-sheet.pdf');
});

test('help search filters the articles as the visitor types', async ({ page }) => {
  await page.goto('/help');
  const articles = page.locator('#help-articles [data-search]');
  const total = await articles.count();
  expect(total).toBeGreaterThanOrEqual(5);
  await page.getByRole('searchbox', { name: 'Search help articles' }).fill('rollback');
  await expect(page.locator('#help-articles [data-search]:visible')).toHaveCount(1);
  await expect(page.getByText('How automatic rollback protects your site').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search help articles' }).fill('zzzz-nothing');
  await expect(page.getByText('No articles match your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search help articles' }).fill('');
  await expect(page.locator('#help-articles [data-search]:visible')).toHaveCount(total);
});

test('an unknown path returns 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('SEO: Open Graph, Twitter card, Organization JSON-LD everywhere and a 79 USD offer on /features', async ({ page, request }) => {
  await page.goto('/features');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Features/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const ld = await page.locator('script[type="application/ld+json"]').evaluateAll((s) => s.map((e) => JSON.parse(e.textContent ?? '{}')));
  expect(ld.map((d) => d['@type'])).toEqual(['Organization', 'Product']);
  expect(ld[1].offers).toMatchObject({ '@type': 'Offer', price: '79', priceCurrency: 'USD' });
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http.+\/sitemap-index\.xml$/m);
});
