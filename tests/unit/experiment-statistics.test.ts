import { describe, expect, it } from 'vitest';
import { correctionInForce, figureMethod, validateStatisticsSettings } from '../../src/lib/experiment-statistics';

const current = {
  correction: '' as const,
  cuped_window_days: 14,
  post_stratification: '' as const,
  bandit: false,
  bandit_interval_hours: 6,
  bandit_min_weight: 0.05,
};

describe('statistics settings', () => {
  it('keeps what is not sent and takes what is valid', () => {
    expect(validateStatisticsSettings({}, current)).toEqual({ ok: true, value: current });
    expect(validateStatisticsSettings({ correction: 'none', cuped_window_days: 0 }, current)).toEqual({
      ok: true,
      value: { ...current, correction: 'none', cuped_window_days: 0 },
    });
  });

  it.each([
    [{ correction: 'bonferroni' }, 'Correction must be one of none, holm-bonferroni, benjamini-hochberg'],
    [{ correction: 3 }, 'Correction must be one of none, holm-bonferroni, benjamini-hochberg'],
    [{ cuped_window_days: -1 }, 'CUPED window must be a whole number of days from 0 (off) to 90'],
    [{ cuped_window_days: 7.5 }, 'CUPED window must be a whole number of days from 0 (off) to 90'],
    [{ cuped_window_days: '7' }, 'CUPED window must be a whole number of days from 0 (off) to 90'],
    [{ post_stratification: 'country' }, 'Post-stratification must be one of device, visitor_type, none'],
    [{ bandit: 'yes' }, 'Bandit must be true or false'],
    [{ bandit_interval_hours: 0.5 }, 'Bandit interval must be from 1 to 168 hours'],
    [{ bandit_min_weight: 0.3 }, 'Bandit minimum weight must be from 0 to 0.25'],
  ])('refuses %j', (input, error) => {
    expect(validateStatisticsSettings(input, current)).toEqual({ ok: false, error });
  });

  it('defaults to Holm-Bonferroni for several comparisons, else none; a choice wins', () => {
    expect(correctionInForce('', 2, 1)).toBe('none');
    expect(correctionInForce('', 3, 1)).toBe('holm-bonferroni');
    expect(correctionInForce('', 2, 2)).toBe('holm-bonferroni');
    expect(correctionInForce('none', 4, 3)).toBe('none');
    expect(correctionInForce('benjamini-hochberg', 2, 1)).toBe('benjamini-hochberg');
  });
});

describe('figure methods', () => {
  it('names CUPED, the correction, sequential and Bayesian where they apply', () => {
    const c = { cuped: true, windowDays: 14, correction: 'holm-bonferroni' as const, familySize: 2 };
    expect(figureMethod('p_value', c)).toBe(
      "Two-sided fixed-horizon p-value; CUPED: adjusted for each visitor's behaviour in the 14 days before exposure; corrected by Holm-Bonferroni over 2 comparisons",
    );
    expect(figureMethod('uplift', { ...c, cuped: false })).toBe(
      'Relative uplift with its 95% interval: fixed-horizon t-test (delta method); interval widened by Holm-Bonferroni over 2 comparisons',
    );
    expect(figureMethod('chance', { ...c, cuped: false })).toBe('Bayesian: chance to beat the control (Gaussian posterior of the uplift)');
    expect(figureMethod('sequential_p_value', { ...c, correction: 'none' })).toContain('Sequential: always-valid p-value');
  });
});
