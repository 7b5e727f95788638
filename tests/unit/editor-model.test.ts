import { describe, expect, it } from 'vitest';
import { half, moveChanges, patternChanges, withoutPatterns } from '../../src/editor/model';

const badge = '<p class="trust-badge" data-cro-moved="">Secure</p>';
const pattern = '<p class="cro-guarantee">✔ 30-day money-back guarantee</p>';

describe('the editor model: patterns and moves side by side', () => {
  it('a move replaces an earlier move only; inserted patterns stay', () => {
    let list = patternChanges([], pattern, '.cro-guarantee{color:green}', 'after');
    list = moveChanges(list, badge, 'p.trust-badge', 'before');
    list = moveChanges(list, badge, 'p.trust-badge', 'after');
    expect(list.filter((c) => c.type === 'insert_after').map((c) => c.value)).toEqual([pattern, badge]);
    expect(list.filter((c) => c.type === 'insert_before')).toEqual([]);
    expect(list.filter((c) => c.type === 'inject_css').map((c) => c.name)).toEqual(['pattern', 'move']);
  });
  it('a pattern replaces the pattern on its side, keeps a move there, and is removed with its CSS', () => {
    let list = moveChanges([], badge, 'p.trust-badge', 'before');
    list = patternChanges(list, pattern, '', 'before');
    list = patternChanges(list, '<p>Other</p>', '.x{color:red}', 'before');
    expect(list.filter((c) => c.type === 'insert_before').map((c) => c.value)).toEqual([badge, '<p>Other</p>']);
    expect(withoutPatterns(list)).toEqual(moveChanges([], badge, 'p.trust-badge', 'before'));
  });
  it('a drop in the upper half goes before, in the lower half after', () => {
    expect(half(100, 40, 110)).toBe('before');
    expect(half(100, 40, 121)).toBe('after');
  });
});
