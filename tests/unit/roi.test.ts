import { describe, expect, it } from 'vitest';
import { calculateRoi, ROI_ANNUAL_COST, type RoiInput, type RoiResult } from '../../src/lib/roi';
import { formatCount, formatPercent, formatUsd } from '../../src/lib/format';

/** An expected output: close to 9 decimal places, or to the places given. */
type Expected = Partial<Record<keyof RoiResult, number | [number, number]>>;

const CASES: Array<{ name: string; input: RoiInput; expected: Expected }> = [
  {
    name: 'every output for 10,000 visitors at 2% and $100 (hand-computed)',
    input: { monthlyVisitors: '10000', conversionRate: '2', averageOrderValue: '100' },
    expected: {
      currentVisitors: 10000,
      currentConversion: 2,
      currentConversions: 200,
      currentRevenue: 20000,
      projectedConversionLow: 2.36, // 2 x 1.18
      projectedConversionHigh: 2.68, // 2 x 1.34
      conversionsLow: 236,
      conversionsHigh: 268,
      revenueLow: 23600,
      revenueHigh: 26800,
      additionalMonthlyLow: 3600,
      additionalMonthlyHigh: 6800,
      additionalAnnualLow: 43200,
      additionalAnnualHigh: 81600,
      annualCost: 3588, // 299 x 12
      roiLow: (39612 / 3588) * 100, // 1104.01%
      roiHigh: (78012 / 3588) * 100, // 2174.25%
    },
  },
  {
    name: '50,000 visitors at 3.5% and $80',
    input: { monthlyVisitors: 50000, conversionRate: 3.5, averageOrderValue: 80 },
    expected: {
      currentConversions: 1750,
      currentRevenue: 140000,
      projectedConversionLow: 4.13,
      projectedConversionHigh: 4.69,
      revenueLow: [165200, 6],
      revenueHigh: [187600, 6],
      additionalAnnualLow: [302400, 6],
      additionalAnnualHigh: [571200, 6],
      roiLow: [8328.093645, 5],
      roiHigh: [15819.732441, 5],
    },
  },
  {
    name: 'a negative ROI when the uplift does not cover the annual cost',
    input: { monthlyVisitors: '1000', conversionRate: '1', averageOrderValue: '50' },
    expected: {
      additionalMonthlyLow: 90,
      additionalMonthlyHigh: 170,
      roiLow: [-69.899665, 5], // (1080 - 3588) / 3588 x 100
      roiHigh: [-43.143813, 5], // (2040 - 3588) / 3588 x 100
    },
  },
  {
    name: 'like parseFloat: a trailing unit is ignored',
    input: { monthlyVisitors: '1000 visitors', conversionRate: '2.5%', averageOrderValue: '40' },
    expected: { currentRevenue: 1000 },
  },
];

describe('calculateRoi', () => {
  it.each(CASES)('computes $name', ({ input, expected }) => {
    const r = calculateRoi(input);
    expect(r).not.toBeNull();
    for (const [key, want] of Object.entries(expected)) {
      const [value, digits] = typeof want === 'number' ? [want, 9] : want;
      expect(r?.[key as keyof RoiResult], key).toBeCloseTo(value, digits);
    }
  });

  it('costs the annual plan price', () => {
    expect(ROI_ANNUAL_COST).toBe(3588);
  });

  it.each([
    ['0', '2', '100'],
    ['10000', '0', '100'],
    ['10000', '2', '0'],
    ['abc', '2', '100'],
    ['10000', '', '100'],
    ['10000', '2', '-5'],
    ['0.0', '2', '100'],
  ])('computes nothing for visitors=%j rate=%j order value=%j', (v, c, o) => {
    expect(calculateRoi({ monthlyVisitors: v, conversionRate: c, averageOrderValue: o })).toBeNull();
  });
});

describe('formats', () => {
  it('shows US dollars without decimals', () => {
    expect(formatUsd(43200)).toBe('$43,200');
    expect(formatUsd(165199.6)).toBe('$165,200');
    expect(formatUsd(-2508)).toBe('-$2,508');
    expect(formatUsd(-0.2)).toBe('$0');
  });
  it('shows percentages with two decimals unless told otherwise', () => {
    expect(formatPercent(2.36)).toBe('2.36%');
    expect(formatPercent(4.13)).toBe('4.13%');
    expect(formatPercent(1104.0133779, 0)).toBe('1,104%');
  });
  it('shows counts as whole numbers', () => {
    expect(formatCount(1180.4)).toBe('1,180');
  });
});
