import { describe, expect, it } from 'vitest';
import {
  EXPERIMENT_STATUSES,
  statusChangeProblem,
  validateExperimentSettings,
  validateVariants,
  winnerProblem,
} from '../../src/lib/experiments';
import { urlPatternProblem } from '../../src/lib/contracts/url-pattern';

const variant = (key: string, weight: number, changes: unknown[] = []) => ({ key, name: key, weight, changes });

describe('experiment status', () => {
  const allowed = new Set(['draft>running', 'running>paused', 'paused>running', 'running>completed', 'paused>completed']);
  for (const from of EXPERIMENT_STATUSES) {
    for (const to of EXPERIMENT_STATUSES) {
      const ok = from === to || allowed.has(`${from}>${to}`);
      it(`${from} -> ${to} is ${ok ? 'allowed' : 'refused'}`, () => {
        expect(statusChangeProblem(from, to) === '').toBe(ok);
      });
    }
  }
  it('refuses an unknown status', () => {
    expect(statusChangeProblem('draft', 'archived')).toBe('Unknown experiment status "archived"');
  });
});

describe('variants', () => {
  it('accepts weights whose floating-point sum is within 1e-9 of 1', () => {
    // 0.1 + 0.2 + 0.7 is 0.9999999999999999 in binary floating point.
    const got = validateVariants([variant('control', 0.1), variant('b', 0.2), variant('c', 0.7)]);
    expect(got.ok).toBe(true);
  });

  it('refuses a sum off by more than 1e-9', () => {
    const got = validateVariants([variant('control', 0.5), variant('b', 0.5 + 2e-9)]);
    expect(got.ok === false && got.error).toMatch(/^Variant weights must sum to 1 \(they sum to 1\.00000000\d+\)$/);
  });

  it('stores the changes as the rule sanitizer normalizes them, names defaulting to keys', () => {
    const got = validateVariants([
      { key: 'control', weight: 0.5 },
      { key: 'b', weight: 0.5, changes: [{ type: 'set_style', name: ' color ', value: 'red' }] },
    ]);
    expect(got).toEqual({
      ok: true,
      value: [
        { key: 'control', name: 'control', weight: 0.5, changes: [] },
        { key: 'b', name: 'b', weight: 0.5, changes: [{ type: 'set_style', name: 'color', value: 'red' }] },
      ],
    });
  });

  it('refuses changes on the control and keys that could not travel in an event', () => {
    expect(validateVariants([variant('control', 0.5, [{ type: 'hide' }]), variant('b', 0.5)])).toMatchObject({ ok: false });
    expect(validateVariants([variant('control', 0.5), variant('Variant B', 0.5)])).toMatchObject({ ok: false });
  });
});

describe('settings', () => {
  const base = { primary_goal: 'goal00000000001' };
  it('defaults targeting to everyone and full traffic', () => {
    expect(validateExperimentSettings(base, ['goal00000000001'])).toEqual({
      ok: true,
      value: {
        traffic: 100,
        url_pattern: '',
        target_device: 'any',
        target_visitor: 'any',
        primary_goal: 'goal00000000001',
        secondary_goals: [],
        guardrails: [],
        minimum_detectable_effect: 0,
        planned_sample_size: 0,
      },
    });
  });

  it('takes revenue as a goal and refuses goals of other sites', () => {
    expect(validateExperimentSettings({ primary_goal: 'revenue' }, []).ok).toBe(true);
    expect(validateExperimentSettings(base, ['goal00000000002'])).toEqual({
      ok: false,
      error: `The primary goal must be one of this site's goals, "revenue" or a ratio metric (revenue_per_session, average_order_value, pages_per_session, goal_per_session:<goal id>)`,
    });
  });

  it('a winner only on completed experiments and among the variants', () => {
    const variants = [
      { key: 'control', name: 'c', weight: 0.5, changes: [] },
      { key: 'b', name: 'b', weight: 0.5, changes: [] },
    ];
    expect(winnerProblem('b', 'completed', variants)).toBe('');
    expect(winnerProblem('b', 'running', variants)).not.toBe('');
    expect(winnerProblem('c', 'completed', variants)).not.toBe('');
  });
});

describe('URL pattern problems', () => {
  it.each([
    ['', ''],
    ['/pricing', ''],
    ['/blog/*', ''],
    ['*checkout*', ''],
    ['https://shop.example.com/cart', ''],
    ['pricing', 'URL pattern must start with /, * or http(s)://'],
    ['/a b', 'URL pattern may not contain spaces or control characters'],
    ['https://', 'URL pattern needs a host after http(s)://'],
    [`/${'a'.repeat(500)}`, 'URL pattern is longer than 500 characters'],
  ])('%j -> %j', (pattern, problem) => {
    expect(urlPatternProblem(pattern)).toBe(problem);
  });
});
