import { describe, expect, it } from 'vitest';
import { auditReason, isValidRollout, validateRuleChanges } from '../../src/lib/rule-changes';

describe('validateRuleChanges', () => {
  it('accepts every change type in its proper shape', () => {
    const input = [
      { type: 'set_text', value: 'Buy now' },
      { type: 'set_html', value: '<b>Free</b> shipping' },
      { type: 'set_attribute', name: 'aria-label', value: 'Checkout' },
      { type: 'set_style', name: 'background-color', value: '#16a34a' },
      { type: 'hide' },
      { type: 'insert_before', value: '<p>Trusted by 500+ shops</p>' },
      { type: 'insert_after', value: '<p>30-day returns</p>' },
      { type: 'inject_css', value: '.cta{font-weight:700}' },
      { type: 'redirect', value: '/checkout-v2' },
    ];
    expect(validateRuleChanges(input)).toEqual({ ok: true, changes: input });
  });

  it.each([
    [{}, 'Changes must be a list'],
    [[{ type: 'explode' }], 'Change 1 has an unknown type'],
    [[{ type: 'set_style', value: 'red' }], 'Change 1 needs a name'],
    [[{ type: 'inject_css', value: '  ' }], 'Change 1 needs a value'],
    [[{ type: 'set_attribute', name: 'onclick', value: 'alert(1)' }], 'Change 1 may not set the onclick attribute'],
    [[{ type: 'set_attribute', name: 'href', value: 'javascript:alert(1)' }], 'Change 1 may not set the href attribute'],
    [[{ type: 'redirect', value: 'javascript:alert(1)' }], 'Change 1 must redirect to an http(s) URL or a path'],
    [new Array(21).fill({ type: 'hide' }), 'A rule may have at most 20 changes'],
  ])('refuses %j', (input, error) => {
    expect(validateRuleChanges(input)).toEqual({ ok: false, error });
  });
});

describe('rollout and audit texts', () => {
  it('allows 0 to 100 in steps of 5', () => {
    expect([0, 5, 50, 100].every(isValidRollout)).toBe(true);
    expect([3, -5, 105, 52.5, '50'].some(isValidRollout)).toBe(false);
  });

  it('uses the spec reasons', () => {
    expect(auditReason('testing_mode', true)).toBe('User enabled testing_mode');
    expect(auditReason('auto_rollback_enabled', false)).toBe('User disabled auto_rollback_enabled');
    expect(auditReason('rollout_percentage', 25)).toBe('Rollout percentage changed to 25%');
  });
});
