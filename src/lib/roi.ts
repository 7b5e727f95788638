/**
 * ROI calculator arithmetic. Pure: the island formats the result.
 *
 * Revenue = visitors x conversion % / 100 x order value. The projected conversion rate is the
 * current rate lifted by 18 % (conservative) and 34 % (optimistic), relative to the current rate.
 * The annual cost compared is the Growth plan ($299) for 12 months, and
 * ROI % = (additional annual revenue - annual cost) / annual cost x 100.
 */

export const ROI_CONSERVATIVE_UPLIFT = 0.18;
export const ROI_OPTIMISTIC_UPLIFT = 0.34;
export const ROI_MONTHLY_PLAN_PRICE = 299;
export const ROI_ANNUAL_COST = ROI_MONTHLY_PLAN_PRICE * 12;

export interface RoiInput {
  monthlyVisitors: string | number;
  conversionRate: string | number;
  averageOrderValue: string | number;
}

export interface RoiResult {
  currentVisitors: number;
  currentConversion: number;
  currentConversions: number;
  currentRevenue: number;
  projectedConversionLow: number;
  projectedConversionHigh: number;
  conversionsLow: number;
  conversionsHigh: number;
  revenueLow: number;
  revenueHigh: number;
  additionalMonthlyLow: number;
  additionalMonthlyHigh: number;
  additionalAnnualLow: number;
  additionalAnnualHigh: number;
  roiLow: number;
  roiHigh: number;
  annualCost: number;
}

/** Parses like the browser's parseFloat; anything that is not a positive finite number is null. */
function positive(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Returns null (nothing computed) when any input parses to zero, a negative or not a number. */
export function calculateRoi(input: RoiInput): RoiResult | null {
  const visitors = positive(input.monthlyVisitors);
  const rate = positive(input.conversionRate);
  const orderValue = positive(input.averageOrderValue);
  if (visitors === null || rate === null || orderValue === null) return null;

  const conversions = (visitors * rate) / 100;
  const revenue = conversions * orderValue;
  const rateLow = rate * (1 + ROI_CONSERVATIVE_UPLIFT);
  const rateHigh = rate * (1 + ROI_OPTIMISTIC_UPLIFT);
  const conversionsLow = (visitors * rateLow) / 100;
  const conversionsHigh = (visitors * rateHigh) / 100;
  const revenueLow = conversionsLow * orderValue;
  const revenueHigh = conversionsHigh * orderValue;
  const additionalMonthlyLow = revenueLow - revenue;
  const additionalMonthlyHigh = revenueHigh - revenue;
  const additionalAnnualLow = additionalMonthlyLow * 12;
  const additionalAnnualHigh = additionalMonthlyHigh * 12;

  return {
    currentVisitors: visitors,
    currentConversion: rate,
    currentConversions: conversions,
    currentRevenue: revenue,
    projectedConversionLow: rateLow,
    projectedConversionHigh: rateHigh,
    conversionsLow,
    conversionsHigh,
    revenueLow,
    revenueHigh,
    additionalMonthlyLow,
    additionalMonthlyHigh,
    additionalAnnualLow,
    additionalAnnualHigh,
    roiLow: ((additionalAnnualLow - ROI_ANNUAL_COST) / ROI_ANNUAL_COST) * 100,
    roiHigh: ((additionalAnnualHigh - ROI_ANNUAL_COST) / ROI_ANNUAL_COST) * 100,
    annualCost: ROI_ANNUAL_COST,
  };
}
