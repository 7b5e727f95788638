import { describe, expect, it } from 'vitest';
import { evaluateRuleHealth, normalCdf, twoProportionZTest, worstHealth, type RuleTelemetry } from '../../src/lib/health';

const base: RuleTelemetry = {
  exposedSessions: 200,
  exposedErrorSessions: 2,
  exposedConversions: 10,
  unexposedSessions: 200,
  unexposedErrorSessions: 2,
  unexposedConversions: 10,
  applyFailures: 0,
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
      telemetry: { exposedErrorSessions: 30 }, // 15% vs 1%
      metric: 'error_rate',
      expected: { value: 15, threshold_exceeded: true, details: { unexposed_rate: 1, increase_points: 14 } },
      reason: 'Error rate 15% of 200 exposed sessions vs 1% of 200 unexposed (+14 points) exceeded the 5% error threshold',
    },
    {
      when: 'apply failures exceed the threshold (a rollback)',
      telemetry: { exposedSessions: 0, exposedErrorSessions: 0, exposedConversions: 0, applyFailures: 25 },
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
      { ...base, unexposedSessions: 0, unexposedErrorSessions: 0, unexposedConversions: 0, exposedErrorSessions: 12 },
      5,
    );
    expect(metric(h, 'error_rate')).toMatchObject({ value: 6, threshold_exceeded: true });
  });

  it('warns above half the threshold, and judges nothing below the minimum sample', () => {
    expect(evaluateRuleHealth({ ...base, exposedErrorSessions: 9 }, 5).status).toBe('warning'); // 4.5% vs 1%
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
