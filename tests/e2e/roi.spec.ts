import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './islands';

async function fill(page: Page, visitors: string, rate: string, orderValue: string) {
  await page.getByLabel('Monthly visitors').fill(visitors);
  await page.getByLabel('Conversion rate (%)').fill(rate);
  await page.getByLabel('Average order value ($)').fill(orderValue);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/roi-calculator');
  await hydrated(page, 'RoiCalculator');
});

test('Calculate stays disabled until all three inputs are filled; the rate steps by 0.1', async ({ page }) => {
  const calculate = page.getByRole('button', { name: 'Calculate' });
  await expect(calculate).toBeDisabled();
  await expect(page.getByLabel('Conversion rate (%)')).toHaveAttribute('step', '0.1');
  await page.getByLabel('Monthly visitors').fill('10000');
  await page.getByLabel('Conversion rate (%)').fill('2');
  await expect(calculate).toBeDisabled();
  await page.getByLabel('Average order value ($)').fill('100');
  await expect(calculate).toBeEnabled();
  await expect(page.getByTestId('roi-low')).toHaveCount(0); // results only after Calculate
});

const cases = [
  {
    input: ['10000', '2', '100'],
    expected: {
      'current-visitors': '10,000',
      'current-conversion': '2.00%',
      'current-conversions': '200',
      'current-revenue': '$20,000',
      'conversion-low': '2.36%',
      'conversion-high': '2.68%',
      'conversions-low': '236',
      'conversions-high': '268',
      'revenue-low': '$23,600',
      'revenue-high': '$26,800',
      'monthly-low': '$3,600',
      'monthly-high': '$6,800',
      'annual-low': '$43,200',
      'annual-high': '$81,600',
      'roi-low': '1,104%',
      'roi-high': '2,174%',
      'annual-cost': '$3,588',
    },
  },
  {
    input: ['50000', '3.5', '80'],
    expected: {
      'current-revenue': '$140,000',
      'conversion-low': '4.13%',
      'conversion-high': '4.69%',
      'conversions-low': '2,065',
      'conversions-high': '2,345',
      'revenue-low': '$165,200',
      'revenue-high': '$187,600',
      'monthly-low': '$25,200',
      'monthly-high': '$47,600',
      'annual-low': '$302,400',
      'annual-high': '$571,200',
      'roi-low': '8,328%',
      'roi-high': '15,820%',
    },
  },
  {
    input: ['1000', '1', '50'],
    expected: {
      'current-revenue': '$500',
      'conversion-low': '1.18%',
      'conversion-high': '1.34%',
      'revenue-low': '$590',
      'revenue-high': '$670',
      'monthly-low': '$90',
      'monthly-high': '$170',
      'annual-low': '$1,080',
      'annual-high': '$2,040',
      'roi-low': '-70%',
      'roi-high': '-43%',
    },
  },
];

for (const { input, expected } of cases) {
  test(`shows the expected numbers for ${input.join(' / ')}`, async ({ page }) => {
    await fill(page, input[0]!, input[1]!, input[2]!);
    await page.getByRole('button', { name: 'Calculate' }).click();
    for (const [testId, text] of Object.entries(expected)) await expect(page.getByTestId(testId), testId).toHaveText(text);
  });
}

test('computes nothing when a value is zero', async ({ page }) => {
  await fill(page, '0', '2', '100');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Each value must be a number greater than zero.' })).toBeVisible();
  await expect(page.getByTestId('roi-low')).toHaveCount(0);

  await fill(page, '10000', '0.0', '100');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('roi-low')).toHaveCount(0);
});

test('results of earlier inputs leave the screen when an input is set to zero and Calculate is pressed', async ({ page }) => {
  await fill(page, '1000', '1', '50');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('roi-low')).toHaveText('-70%');

  await fill(page, '1000', '0', '50');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('roi-low')).toHaveCount(0);
  await expect(page.getByText('Each value must be a number greater than zero.')).toBeVisible();
});
