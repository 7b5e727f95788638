import { describe, expect, it } from 'vitest';
import { calculateRoi, ROI_ANNUAL_COST } from '../../src/lib/roi';
import { formatCount, formatPercent, formatUsd } from '../../src/lib/format';

describe('calculateRoi (spec 01, section 9)', () => {
  it('computes every output for 10,000 visitors at 2% and $100 (hand-computed)', () => {
    const r = calculateRoi({ monthlyVisitors: '10000', conversionRate: '2', averageOrderValue: '100' });
    expect(r).not.toBeNull();
    if (!r) return;
    expect(r.currentVisitors).toBe(10000);
    expect(r.currentConversion).toBe(2);
    expect(r.currentConversions).toBeCloseTo(200, 9);
    expect(r.currentRevenue).toBeCloseTo(20000, 9);
    expect(r.projectedConversionLow).toBeCloseTo(2.36, 9); // 2 x 1.18
    expect(r.projectedConversionHigh).toBeCloseTo(2.68, 9); // 2 x 1.34
    expect(r.conversionsLow).toBeCloseTo(236, 9);
    expect(r.conversionsHigh).toBeCloseTo(268, 9);
    expect(r.revenueLow).toBeCloseTo(23600, 9);
    expect(r.revenueHigh).toBeCloseTo(26800, 9);
    expect(r.additionalMonthlyLow).toBeCloseTo(3600, 9);
    expect(r.additionalMonthlyHigh).toBeCloseTo(6800, 9);
    expect(r.additionalAnnualLow).toBeCloseTo(43200, 9);
    expect(r.additionalAnnualHigh).toBeCloseTo(81600, 9);
    expect(r.annualCost).toBe(3588); // 299 x 12
    expect(r.roiLow).toBeCloseTo((39612 / 3588) * 100, 9); // 1104.01%
    expect(r.roiHigh).toBeCloseTo((78012 / 3588) * 100, 9); // 2174.25%
  });

  it('computes 50,000 visitors at 3.5% and $80', () => {
    const r = calculateRoi({ monthlyVisitors: 50000, conversionRate: 3.5, averageOrderValue: 80 });
    expect(r).not.toBeNull();
    if (!r) return;
    expect(r.currentConversions).toBeCloseTo(1750, 9);
    expect(r.currentRevenue).toBeCloseTo(140000, 9);
    expect(r.projectedConversionLow).toBeCloseTo(4.13, 9);
    expect(r.projectedConversionHigh).toBeCloseTo(4.69, 9);
    expect(r.revenueLow).toBeCloseTo(165200, 6);
    expect(r.revenueHigh).toBeCloseTo(187600, 6);
    expect(r.additionalAnnualLow).toBeCloseTo(302400, 6);
    expect(r.additionalAnnualHigh).toBeCloseTo(571200, 6);
    expect(r.roiLow).toBeCloseTo(8328.093645, 5);
    expect(r.roiHigh).toBeCloseTo(15819.732441, 5);
  });

  it('reports a negative ROI when the uplift does not cover the annual cost', () => {
    const r = calculateRoi({ monthlyVisitors: '1000', conversionRate: '1', averageOrderValue: '50' });
    expect(r?.additionalMonthlyLow).toBeCloseTo(90, 9);
    expect(r?.additionalMonthlyHigh).toBeCloseTo(170, 9);
    expect(r?.roiLow).toBeCloseTo(-69.899665, 5); // (1080 - 3588) / 3588 x 100
    expect(r?.roiHigh).toBeCloseTo(-43.143813, 5); // (2040 - 3588) / 3588 x 100
    expect(ROI_ANNUAL_COST).toBe(3588);
  });

  it('parses like parseFloat: a trailing unit is ignored', () => {
    expect(calculateRoi({ monthlyVisitors: '1000 visitors', conversionRate: '2.5%', averageOrderValue: '40' })?.currentRevenue).toBeCloseTo(
      1000,
      9,
    );
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
