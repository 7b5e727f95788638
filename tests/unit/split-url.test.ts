import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/contracts/split-urls.json';
import { onSplitLanding, splitTarget } from '../../src/lib/contracts/split-url';

describe('split-URL targets (the contract the edge shares)', () => {
  it.each(fixture.cases)('$original + $variant on $href', (c) => {
    expect(splitTarget(c.original, c.variant, c.href)).toBe(c.target);
    expect(onSplitLanding(c.variant, c.href)).toBe(c.landing);
  });
});
