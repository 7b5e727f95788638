import { describe, expect, it } from 'vitest';
import { rolloutCaption } from '../../src/ui/dashboard/rolloutCaption';

describe('rollout caption', () => {
  it("keeps the spec's captions for an enabled rule", () => {
    expect(rolloutCaption(0)).toBe('Not active - increase to start rollout');
    expect(rolloutCaption(20)).toBe('Active for 20% of visitors');
    expect(rolloutCaption(100)).toBe('Active for all visitors');
  });
  it('never calls a rule that is off (rolled back) active, whatever its saved share', () => {
    expect(rolloutCaption(20, false)).toBe('Off - shown to no visitors');
    expect(rolloutCaption(100, false)).toBe('Off - shown to no visitors');
    expect(rolloutCaption(0, false)).toBe('Not active - increase to start rollout');
  });
});
