import { describe, expect, it } from 'vitest';
import { accessListForRole, accessListsFor, roleAtLeast } from '../../src/lib/roles';

describe('accessListsFor', () => {
  it('derives the rule lists from active members only', () => {
    const lists = accessListsFor([
      { user_id: 'o', role: 'owner', status: 'active' },
      { user_id: 'a', role: 'admin', status: 'active' },
      { user_id: 'e', role: 'editor', status: 'active' },
      { user_id: 'v', role: 'viewer', status: 'active' },
      { user_id: 'i', role: 'editor', status: 'invited' },
      { user_id: '', role: 'viewer', status: 'invited' },
    ]);
    expect(lists).toEqual({
      member_ids: ['a', 'e', 'o', 'v'],
      editor_ids: ['a', 'e', 'o'],
      manager_ids: ['a', 'o'],
    });
  });

  it('leaves out members without two-step sign-in when the site requires it', () => {
    const members = [
      { user_id: 'o', role: 'owner', status: 'active', mfa_enabled: true },
      { user_id: 'a', role: 'admin', status: 'active', mfa_enabled: false },
      { user_id: 'e', role: 'editor', status: 'active', mfa_enabled: true },
      { user_id: 'v', role: 'viewer', status: 'active' },
    ];
    expect(accessListsFor(members, true)).toEqual({ member_ids: ['e', 'o'], editor_ids: ['e', 'o'], manager_ids: ['o'] });
    expect(accessListsFor(members, false).member_ids).toEqual(['a', 'e', 'o', 'v']);
  });
});

describe('roleAtLeast', () => {
  it('ranks owner > admin > editor > viewer and rejects unknown roles', () => {
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('editor', 'admin')).toBe(false);
    expect(roleAtLeast('viewer', 'viewer')).toBe(true);
    expect(roleAtLeast('viewer', 'editor')).toBe(false);
    expect(roleAtLeast('guest', 'viewer')).toBe(false);
  });

  it('names the site list the API rules use for each minimum role', () => {
    expect((['viewer', 'editor', 'admin'] as const).map(accessListForRole)).toEqual(['member_ids', 'editor_ids', 'manager_ids']);
  });
});
