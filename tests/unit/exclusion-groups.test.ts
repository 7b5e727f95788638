/**
 * Exclusive groups' namespace math (src/lib/exclusion-groups.ts, src/lib/assignment.ts): the
 * visitor's slot agrees with Go's experiments.InGroupRange case by case (the shared fixture), a
 * new member takes free range without moving the ranges held, and the site holdout's bounds.
 */
import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/contracts/group-slots.json';
import { inGroupRange } from '../../src/lib/assignment';
import { allocateGroupRange, largestFreeShare, siteHoldoutProblem, type GroupRange } from '../../src/lib/exclusion-groups';

describe('a visitor slot in a group', () => {
  it('matches the fixture the Go tests read', () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(600);
    for (const c of fixture.cases) expect([c.v, c.s, c.a, c.b, inGroupRange(c.v, c.s, c.a, c.b)]).toEqual([c.v, c.s, c.a, c.b, c.in]);
  });
});

describe('allocating a range', () => {
  it('takes the first free gap wide enough and never moves the ranges held', () => {
    const held: GroupRange[] = [];
    for (const share of [0.4, 0.5]) held.push(allocateGroupRange(held, share)!);
    expect(held).toEqual([
      [0, 0.4],
      [0.4, 0.9],
    ]);
    expect(allocateGroupRange(held, 0.2)).toBeNull();
    expect(largestFreeShare(held)).toBeCloseTo(0.1, 12);
    expect(allocateGroupRange(held, 0.1)).toEqual([0.9, 1]);
    // The first range is released (its test completed): a new member takes it, the rest stay.
    expect(allocateGroupRange([held[1]!], 0.3)).toEqual([0, 0.3]);
    expect(allocateGroupRange([[0.2, 0.3]], 0.25)).toEqual([0.3, 0.55]);
    expect(allocateGroupRange([], 0)).toBeNull();
  });
});

describe('the site holdout', () => {
  it('is a whole percent from 0 to 20', () => {
    for (const ok of [0, 5, 20, '10']) expect(siteHoldoutProblem(ok)).toBeNull();
    for (const bad of [21, -1, 2.5, 'ten', '', true, null])
      expect(siteHoldoutProblem(bad)).toBe('The global holdout must be a whole percent from 0 to 20.');
  });
});
