import { describe, expect, it } from 'vitest';
import { evaluateRuleHealth, normalCdf, twoProportionZTest, worstHealth, type RuleTelemetry } from '../../src/lib/health';
import { weighEvidence } from '../../src/lib/health-evidence';

/** n sources of one visitor each: what telemetry from many independent visitors looks like. */
const spread = (n: number) => Array.from({ length: n }, () => 1);

// Every exposed visitor from its own address.
const base: RuleTelemetry = {
  exposedSessions: 200,
  exposedErrorSessions: 2,
  exposedConversions: 10,
  unexposedSessions: 200,
  unexposedErrorSessions: 2,
  unexposedConversions: 10,
  applyFailures: 0,
  exposedVisitors: 200,
  exposedSources: 200,
  topExposedSourceVisitors: 1,
  exposedErrorVisitors: 2,
  errorVisitorsBySource: spread(2),
  applyFailureVisitorsBySource: [],
};
const metric = (h: ReturnType<typeof evaluateRuleHealth>, type: string) => h.metrics.find((m) => m.metric_type === type)!;

describe('statistics', () => {
  it('normalCdf matches known quantiles', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5);
    expect(normalCdf(3)).toBeCloseTo(0.99865, 5);
  });

  it('twoProportionZTest agrees with a hand-computed pooled test', () => {
    // 20/1000 vs 40/1000: pooled 0.03, se = sqrt(0.03*0.97*0.002) = 0.0076289, z = -2.6216
    const { z, p } = twoProportionZTest(20, 1000, 40, 1000);
    expect(z).toBeCloseTo(-2.6216, 3);
    expect(p).toBeCloseTo(0.00875, 4);
    expect(twoProportionZTest(5, 100, 5, 100)).toEqual({ z: 0, p: 1 });
    expect(twoProportionZTest(0, 0, 5, 100)).toEqual({ z: 0, p: 1 });
    expect(twoProportionZTest(0, 50, 0, 50)).toEqual({ z: 0, p: 1 });
  });
});

describe('evaluateRuleHealth', () => {
  it('is healthy when exposed and unexposed visitors behave alike', () => {
    const h = evaluateRuleHealth(base, 5);
    expect(h.status).toBe('healthy');
    expect(h.reason).toBe('');
    expect(h.metrics.map((m) => [m.metric_type, m.value, m.threshold_exceeded])).toEqual([
      ['error_rate', 1, false],
      ['apply_failure_rate', 0, false],
      ['conversion_delta', 0, false],
    ]);
  });

  it.each([
    {
      when: 'the exposed error rate exceeds the unexposed one by more than the threshold',
      telemetry: { exposedErrorSessions: 30, errorVisitorsBySource: spread(30) }, // 15% vs 1%
      metric: 'error_rate',
      expected: { value: 15, threshold_exceeded: true, details: { unexposed_rate: 1, increase_points: 14 } },
      reason: 'Error rate 15% of 200 exposed sessions vs 1% of 200 unexposed (+14 points) exceeded the 5% error threshold',
    },
    {
      when: 'apply failures exceed the threshold (a rollback)',
      telemetry: {
        exposedSessions: 0,
        exposedErrorSessions: 0,
        exposedConversions: 0,
        applyFailures: 25,
        exposedVisitors: 0,
        applyFailureVisitorsBySource: spread(25),
      },
      metric: 'apply_failure_rate',
      expected: { value: 100, threshold_exceeded: true, details: { attempts: 25, apply_failures: 25 } },
      reason: 'Apply failure rate 100% (25 of 25 attempts) exceeded the 5% error threshold',
    },
  ])('is critical when $when', ({ telemetry, metric: name, expected, reason }) => {
    const h = evaluateRuleHealth({ ...base, ...telemetry }, 5);
    expect(h.status).toBe('critical');
    expect(metric(h, name)).toMatchObject(expected);
    expect(h.reason).toBe(reason);
  });

  it('compares with zero when nobody is unexposed (100% rollout)', () => {
    const h = evaluateRuleHealth(
      {
        ...base,
        unexposedSessions: 0,
        unexposedErrorSessions: 0,
        unexposedConversions: 0,
        exposedErrorSessions: 12,
        errorVisitorsBySource: spread(12),
      },
      5,
    );
    expect(metric(h, 'error_rate')).toMatchObject({ value: 6, threshold_exceeded: true });
  });

  it('warns above half the threshold, and judges nothing below the minimum sample', () => {
    expect(evaluateRuleHealth({ ...base, exposedErrorSessions: 9, errorVisitorsBySource: spread(9) }, 5).status).toBe('warning'); // 4.5% vs 1%
    const small = evaluateRuleHealth(
      { ...base, exposedSessions: 10, exposedErrorSessions: 10, unexposedSessions: 10, unexposedErrorSessions: 0 },
      5,
    );
    expect(small.status).toBe('healthy');
    expect(metric(small, 'error_rate')).toMatchObject({ value: 100, threshold_exceeded: false, details: { sufficient_sample: false } });
  });

  it('flags a significant conversion drop but not a significant rise', () => {
    const drop = evaluateRuleHealth(
      {
        ...base,
        exposedSessions: 1000,
        exposedConversions: 20,
        unexposedSessions: 1000,
        unexposedConversions: 40,
        exposedErrorSessions: 10,
        unexposedErrorSessions: 10,
      },
      5,
    );
    expect(drop.status).toBe('critical');
    expect(metric(drop, 'conversion_delta')).toMatchObject({
      value: -50,
      threshold_exceeded: true,
      details: { exposed_rate: 2, unexposed_rate: 4, p_value: 0.0088 },
    });
    expect(drop.reason).toBe('Conversion rate 2% for exposed vs 4% for unexposed sessions (-50%, p=0.01) is a significant drop');
    const rise = evaluateRuleHealth(
      {
        ...base,
        exposedSessions: 1000,
        exposedConversions: 40,
        unexposedSessions: 1000,
        unexposedConversions: 20,
        exposedErrorSessions: 10,
        unexposedErrorSessions: 10,
      },
      5,
    );
    expect(rise.status).toBe('healthy');
    expect(metric(rise, 'conversion_delta').value).toBe(100);
  });

  it('uses the default threshold of 5% when the site has none', () => {
    expect(metric(evaluateRuleHealth({ ...base, exposedErrorSessions: 14 }, 0), 'error_rate').details.threshold).toBe(5);
  });

  it('the site takes the worst status', () => {
    expect(worstHealth([])).toBe('healthy');
    expect(worstHealth(['healthy', 'warning'])).toBe('warning');
    expect(worstHealth(['warning', 'critical', 'healthy'])).toBe('critical');
  });
});

describe('evidence from many visitors and sources', () => {
  it('counts each source up to three visitors and discounts one holding most of them', () => {
    expect(weighEvidence([])).toEqual({ visitors: 0, sources: 0, discounted: 0 });
    expect(weighEvidence([40])).toEqual({ visitors: 0, sources: 0, discounted: 40 });
    expect(weighEvidence([4, 3, 2])).toEqual({ visitors: 3 + 3 + 2, sources: 3, discounted: 0 });
    expect(weighEvidence([1, 30, 1, 1])).toEqual({ visitors: 3, sources: 3, discounted: 30 });
    expect(weighEvidence([2, 2])).toEqual({ visitors: 4, sources: 2, discounted: 0 }); // half is not most
  });

  it('ignores a burst from one client: no rollback, no warning', () => {
    // 40 sessions of exposure and error from one address with 40 visitor ids, among 160 real visitors.
    const h = evaluateRuleHealth({ ...base, exposedErrorSessions: 42, errorVisitorsBySource: [40, 1, 1] }, 5);
    expect(h).toMatchObject({ status: 'healthy', reason: '', warningReason: '' });
    expect(metric(h, 'error_rate')).toMatchObject({
      value: 21,
      threshold_exceeded: false,
      details: { error_sources_counted: 2, outlier_visitors_discounted: 40 },
    });
  });

  it('warns instead of rolling back when the errors come from too few sources', () => {
    const h = evaluateRuleHealth({ ...base, exposedErrorSessions: 20, errorVisitorsBySource: [5, 5, 5, 5] }, 5);
    expect(h.status).toBe('warning');
    expect(h.reason).toBe('');
    expect(h.warningReason).toBe(
      'Error rate 10% of 200 exposed sessions vs 1% of 200 unexposed (+9 points) is past the 5% error threshold, ' +
        'but the errors come from only 4 independent client sources (10 needed to roll back)',
    );
    expect(metric(h, 'error_rate')).toMatchObject({ threshold_exceeded: false, details: { error_visitors_counted: 12 } });
  });

  it('names the discounted outlier in the warning', () => {
    const h = evaluateRuleHealth({ ...base, exposedErrorSessions: 40, errorVisitorsBySource: [30, ...spread(10)] }, 5);
    expect(h.status).toBe('warning');
    expect(h.warningReason).toContain(
      'only 10 independent client sources (10 needed to roll back); one source with 30 visitors was discounted',
    );
  });

  it('needs the minimum of distinct exposed visitors, however many sessions', () => {
    const h = evaluateRuleHealth({ ...base, exposedErrorSessions: 30, errorVisitorsBySource: spread(20), exposedVisitors: 29 }, 5);
    expect(h.status).toBe('warning');
    expect(metric(h, 'error_rate').threshold_exceeded).toBe(false);
    expect(
      evaluateRuleHealth({ ...base, exposedErrorSessions: 30, errorVisitorsBySource: spread(20), exposedVisitors: 30 }, 5).status,
    ).toBe('critical');
  });

  it('caps what one source adds: ten busy sources are not a hundred visitors', () => {
    const t = { ...base, exposedSessions: 1000, exposedVisitors: 1000, exposedErrorSessions: 100, exposedConversions: 50 };
    expect(evaluateRuleHealth({ ...t, errorVisitorsBySource: Array.from({ length: 10 }, () => 10) }, 5).status).toBe('healthy');
    expect(evaluateRuleHealth({ ...t, errorVisitorsBySource: spread(100) }, 5).status).toBe('critical');
  });

  it('ignores apply failures and conversion drops that one source produces', () => {
    const failures = { ...base, exposedSessions: 0, exposedVisitors: 0, applyFailures: 25 };
    expect(evaluateRuleHealth({ ...failures, applyFailureVisitorsBySource: [25] }, 5).status).toBe('healthy');
    const drop = {
      ...base,
      exposedSessions: 1000,
      exposedConversions: 20,
      unexposedSessions: 1000,
      unexposedConversions: 40,
      exposedErrorSessions: 10,
      unexposedErrorSessions: 10,
    };
    expect(evaluateRuleHealth({ ...drop, exposedVisitors: 1000, topExposedSourceVisitors: 800 }, 5)).toMatchObject({
      status: 'warning',
      reason: '',
    });
    expect(evaluateRuleHealth({ ...drop, exposedSources: 1, topExposedSourceVisitors: 200 }, 5)).toMatchObject({
      status: 'healthy',
      warningReason: '',
    });
  });
});
