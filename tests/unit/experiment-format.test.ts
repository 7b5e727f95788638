import { describe, expect, it } from 'vitest';
import { daysRunning, interval, pValue, percent, signedPercent } from '../../src/dashboard/screens/tests/format';

// How the A/B test screens write the engine's figures.
describe('experiment figures as shown', () => {
  it('writes shares, signed uplifts and intervals with one decimal; unbounded ends as infinity', () => {
    expect(percent(0.12345)).toBe('12.3%');
    expect(signedPercent(0.25)).toBe('+25.0%');
    expect(signedPercent(-0.031)).toBe('-3.1%');
    expect(signedPercent(0)).toBe('0.0%');
    expect(interval([-0.05, 0.4])).toBe('[-5.0%, +40.0%]');
    expect(interval([0.1, null])).toBe('[+10.0%, +∞]');
    expect(interval([null, 0.2])).toBe('[-∞, +20.0%]');
  });

  it('writes p-values to three decimals, tiny ones as <0.001', () => {
    expect(pValue(0.0506)).toBe('0.051');
    expect(pValue(0.001)).toBe('0.001');
    expect(pValue(0.0009)).toBe('<0.001');
    expect(pValue(1)).toBe('1.000');
  });

  it('counts whole days from the start to the end or now', () => {
    const start = '2026-11-01T10:00:00.000Z';
    expect(daysRunning('', '')).toBe(0);
    expect(daysRunning(start, '', Date.parse('2026-11-03T09:59:59Z'))).toBe(1);
    expect(daysRunning(start, '2026-11-08T10:00:00.000Z', Date.parse('2026-12-01T00:00:00Z'))).toBe(7);
  });
});
