// Which plan may schedule reports how often (src/lib/report-plans.ts): the pricing page's promises.
import { describe, expect, it } from 'vitest';
import { allowedReportFrequencies, reportFrequencyAllowed, reportFrequencyRefusal, reportPlanNotice } from '../../src/lib/report-plans';

describe('report frequencies by plan', () => {
  it('gives Free no scheduled reports, Starter weekly and monthly, Growth and Enterprise every frequency', () => {
    expect(allowedReportFrequencies('free')).toEqual([]);
    expect(allowedReportFrequencies('starter')).toEqual(['weekly', 'monthly']);
    expect(allowedReportFrequencies('growth')).toEqual(['daily', 'weekly', 'monthly']);
    expect(allowedReportFrequencies('enterprise')).toEqual(['daily', 'weekly', 'monthly']);
  });

  it('treats a missing or unknown plan as Free', () => {
    expect(reportFrequencyAllowed(undefined, 'monthly')).toBe(false);
    expect(reportFrequencyAllowed('platinum', 'weekly')).toBe(false);
    expect(reportFrequencyAllowed('starter', 'daily')).toBe(false);
    expect(reportFrequencyAllowed('starter', 'monthly')).toBe(true);
  });

  it('names the plan that a refused frequency needs and where to upgrade', () => {
    expect(reportFrequencyRefusal('daily')).toBe('Daily reports require the Growth plan or higher. Upgrade at /pricing.');
    expect(reportFrequencyRefusal('weekly')).toBe('Weekly reports require a paid plan. Upgrade at /pricing.');
  });
});

describe("the dialog's notice", () => {
  it('says what the plan leaves out, and nothing when it includes every frequency', () => {
    expect(reportPlanNotice('free')).toBe('Scheduled reports require a paid plan.');
    expect(reportPlanNotice('starter')).toBe('Daily reports require the Growth plan or higher.');
    expect(reportPlanNotice('growth')).toBeNull();
    expect(reportPlanNotice('enterprise')).toBeNull();
  });
});
