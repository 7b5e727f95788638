import { describe, expect, it } from 'vitest';
import { auditReason, isValidRollout } from '../../src/lib/rule-changes';

// The change validation (validateRuleChanges) runs from tests/fixtures/contracts/rule-changes.json in contracts.test.ts.

describe('rollout and audit texts', () => {
  it('allows 0 to 100 in steps of 5', () => {
    expect([0, 5, 50, 100].every(isValidRollout)).toBe(true);
    expect([3, -5, 105, 52.5, '50'].some(isValidRollout)).toBe(false);
  });

  it('gives each change its reason text', () => {
    expect(auditReason('testing_mode', true)).toBe('User enabled testing_mode');
    expect(auditReason('auto_rollback_enabled', false)).toBe('User disabled auto_rollback_enabled');
    expect(auditReason('rollout_percentage', 25)).toBe('Rollout percentage changed to 25%');
  });
});
