// The one check of a goal (the server's and the form's), and how the measured revenue impact is
// shown and explained.
import { describe, expect, it } from 'vitest';
import { checkGoal, goalPoints, matchProblem } from '../../src/lib/goals';
import { NO_REVENUE_IMPACT, explainRevenueImpact, formatRevenueImpact, type ImpactSource } from '../../src/lib/revenue-impact';
import { checkSiteSetting } from '../../src/lib/site-settings';

describe('checkGoal', () => {
  it('normalises a good goal: trimmed, value 0 and enabled by default', () => {
    expect(checkGoal({ name: ' Signup ', type: 'url', match: ' /thank-you ' })).toEqual({
      ok: true,
      goal: { name: 'Signup', type: 'url', match: '/thank-you', value: 0, micro: false, enabled: true },
    });
    expect(checkGoal({ name: 'Cart', type: 'event', match: 'add_to_cart', value: '2.5', micro: true, enabled: false })).toMatchObject({
      ok: true,
      goal: { value: 2.5, micro: true, enabled: false },
    });
  });

  it.each([
    [{ name: '', type: 'url', match: '/x' }, 'name', 'Give the goal a name.'],
    [{ name: 'x'.repeat(101), type: 'url', match: '/x' }, 'name', "The goal's name must be at most 100 characters of plain text."],
    [{ name: 'X', type: 'scroll', match: '/x' }, 'type', 'The goal type must be page view, click, form submit or custom event.'],
    [{ name: 'X', type: 'event', match: '' }, 'match', 'Enter the event name the goal matches.'],
    [{ name: 'X', type: 'event', match: 'x'.repeat(101) }, 'match', 'The event name must be at most 100 characters.'],
    [{ name: 'X', type: 'click', match: 'a{color:red}' }, 'match', 'That is not a CSS selector (for example #signup or form.newsletter).'],
    [{ name: 'X', type: 'event', match: 'e', value: 'lots' }, 'value', "The goal's value must be a number from 0 to 1,000,000."],
    [{ name: 'X', type: 'event', match: 'e', value: 1e7 }, 'value', "The goal's value must be a number from 0 to 1,000,000."],
    [{ name: 'X', type: 'event', match: 'e', micro: 'yes' }, 'micro', 'Micro must be on or off.'],
  ])('refuses %j on %s', (input, field, error) => {
    expect(checkGoal(input)).toEqual({ ok: false, field, error });
  });

  it('checks selectors by shape and URL patterns by the shared rule', () => {
    expect(matchProblem('form', 'form#newsletter')).toBe('');
    expect(matchProblem('click', 'button[data-x="a]b"]')).toBe('');
    expect(matchProblem('click', 'div > ')).not.toBe('');
    expect(matchProblem('form', 'form:not(.x')).not.toBe('');
    expect(matchProblem('url', '/blog/*')).toBe('');
    expect(matchProblem('url', 'pricing')).not.toBe('');
  });

  it('points are completions times value', () => {
    expect(goalPoints(3, 2.5)).toBe(7.5);
    expect(goalPoints(0, 5)).toBe(0);
  });
});

describe('time zone setting', () => {
  it('accepts IANA-shaped names and empty (UTC); refuses anything else', () => {
    for (const z of ['Pacific/Apia', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+10', ''])
      expect(checkSiteSetting('time_zone', z)).toMatchObject({ ok: true });
    for (const z of ['not a zone', 'pacific/apia', '../etc/passwd']) expect(checkSiteSetting('time_zone', z)).toMatchObject({ ok: false });
  });
});

describe('revenue impact', () => {
  const source: ImpactSource = {
    kind: 'experiment',
    id: 'x',
    name: 'Bold button',
    since: '2026-11-01T00:00:00Z',
    unit: 'visitor',
    exposed: 1200,
    baselinePerUnit: 5,
    uplift: 10,
    upliftLow: 2.5,
    upliftHigh: 17.5,
    impact: 600,
    low: 150,
    high: 1050,
    measured: true,
  };

  it('shows thousands with one decimal and a K suffix', () => {
    expect(formatRevenueImpact(0)).toBe('$0.0K');
    expect(formatRevenueImpact(12_345)).toBe('$12.3K');
    expect(formatRevenueImpact(-600)).toBe('-$0.6K');
  });

  it('explains 0 plainly, and each measured source with its interval', () => {
    expect(explainRevenueImpact(NO_REVENUE_IMPACT)).toMatch(/^Nothing measured yet: revenue impact counts A\/B test winners/);
    expect(explainRevenueImpact({ ...NO_REVENUE_IMPACT, sources: [{ ...source, measured: false }] })).toMatch(/at least two visitors/);
    expect(explainRevenueImpact({ total: 600, low: 150, high: 1050, sources: [source], lastWeek: 0, previousWeek: 0 })).toBe(
      'Measured incremental revenue $600 (95% interval $150 to $1,050):\n' +
        'Bold button: +10% revenue per visitor against the control in its test (95% interval 2.5% to 17.5%) x 1,200 visitors reached x $5 per visitor = $600',
    );
  });
});
