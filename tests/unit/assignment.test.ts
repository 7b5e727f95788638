import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/assignment-vectors.json';
import {
  chooseVariation,
  getBucketRanges,
  getEqualWeights,
  hash,
  inNamespace,
  inRollout,
  type BucketRange,
} from '../../src/lib/assignment';

// Vectors: GrowthBook SDK conformance cases (see the file's "about" note).
describe('assignment vectors', () => {
  it.each(vectors.hash as [string, string, number, number | null][])('hash(%j, %j, v%i) = %j', (seed, value, version, expected) => {
    expect(hash(seed, value, version)).toBe(expected);
  });

  it.each(vectors.getBucketRange as [string, [number, number, number[] | null], BucketRange[]][])(
    'bucket ranges: %s',
    (_name, [n, coverage, weights], expected) => {
      const ranges = getBucketRanges(n, coverage, weights);
      expect(ranges).toHaveLength(expected.length);
      ranges.forEach((r, i) => {
        expect(r[0]).toBeCloseTo(expected[i]![0], 6);
        expect(r[1]).toBeCloseTo(expected[i]![1], 6);
      });
    },
  );

  it.each(vectors.chooseVariation as [string, number, BucketRange[], number][])('chooseVariation: %s', (_name, n, ranges, expected) => {
    expect(chooseVariation(n, ranges)).toBe(expected);
  });

  it.each(vectors.inNamespace as [string, string, [string, number, number], boolean][])('inNamespace: %s', (_name, id, ns, expected) => {
    expect(inNamespace(id, ns)).toBe(expected);
  });

  it.each(vectors.getEqualWeights as [number, number[]][])('getEqualWeights(%i)', (n, expected) => {
    const weights = getEqualWeights(n);
    expect(weights).toHaveLength(expected.length);
    weights.forEach((w, i) => expect(w).toBeCloseTo(expected[i]!, 6));
  });
});

describe('inRollout', () => {
  it('is stable for a visitor and nests as the percentage grows', () => {
    for (let i = 0; i < 200; i++) {
      const id = `visitor-${i}`;
      expect(inRollout(id, 'rule-seed', 35)).toBe(inRollout(id, 'rule-seed', 35));
      if (inRollout(id, 'rule-seed', 35)) expect(inRollout(id, 'rule-seed', 60)).toBe(true);
    }
  });

  it('gives nobody 0% and everybody 100%', () => {
    for (let i = 0; i < 100; i++) {
      expect(inRollout(`v${i}`, 's', 0)).toBe(false);
      expect(inRollout(`v${i}`, 's', 100)).toBe(true);
    }
  });

  it('splits 1,000 visitors at 50% within the binomial bounds', () => {
    let exposed = 0;
    for (let i = 0; i < 1000; i++) if (inRollout(`visitor-${i}-${i * 7919}`, 'cta-rule', 50)) exposed++;
    // 99.9% interval of Binomial(1000, 0.5): 500 ± 3.29 * sqrt(250) ≈ 500 ± 52.
    expect(exposed).toBeGreaterThanOrEqual(448);
    expect(exposed).toBeLessThanOrEqual(552);
  });
});
