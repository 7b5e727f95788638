import { describe, expect, it } from 'vitest';
import { accessListsFor } from '../../src/lib/roles';

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
});
