/** Team roles of a site and what each may do (dashboard spec section 6). */
export const SITE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** Roles that may be given by invitation; ownership is never handed out through an invite. */
export const INVITABLE_ROLES: readonly SiteRole[] = ['admin', 'editor', 'viewer'];

export const ROLE_DESCRIPTIONS: Record<SiteRole, string> = {
  owner: 'Full access including billing, team management, all features',
  admin: 'Manage team, create and deploy tests, view all analytics',
  editor: 'Create and manage tests, deploy optimizations, view analytics',
  viewer: 'Read-only access to tests, analytics, insights',
};

/**
 * The id lists kept on each site for the API rules: members read, editors change optimization
 * and content records, managers manage the team and the site's settings.
 */
export interface SiteAccessLists {
  member_ids: string[];
  editor_ids: string[];
  manager_ids: string[];
}

export function accessListsFor(members: ReadonlyArray<{ user_id: string; role: string; status: string }>): SiteAccessLists {
  const active = members.filter((m) => m.user_id && m.status === 'active');
  const ids = (roles: readonly string[]) => [...new Set(active.filter((m) => roles.includes(m.role)).map((m) => m.user_id))].sort();
  return {
    member_ids: ids(SITE_ROLES),
    editor_ids: ids(['owner', 'admin', 'editor']),
    manager_ids: ids(['owner', 'admin']),
  };
}
