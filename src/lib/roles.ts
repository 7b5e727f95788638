/** Team roles of a site and what each may do. */
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

/** Whether role is minRole or above it (owner > admin > editor > viewer); unknown roles never are. */
export function roleAtLeast(role: string, minRole: SiteRole): boolean {
  const rank = SITE_ROLES.indexOf(role as SiteRole);
  return rank >= 0 && rank <= SITE_ROLES.indexOf(minRole);
}

/**
 * The list on a site holding every active member with at least minRole. The owner has no list of
 * its own: only the owner deletes a site, which the sites API rule decides.
 */
export function accessListForRole(minRole: Exclude<SiteRole, 'owner'>): keyof SiteAccessLists {
  return ({ viewer: 'member_ids', editor: 'editor_ids', admin: 'manager_ids' } as const)[minRole];
}

/**
 * The lists for a site's members. On a site whose owner requires two-step sign-in
 * (`requireMfa`), members who have not turned it on are in no list: they stay on the team but
 * read and change nothing of the site until they do.
 */
export function accessListsFor(
  members: ReadonlyArray<{ user_id: string; role: string; status: string; mfa_enabled?: boolean }>,
  requireMfa = false,
): SiteAccessLists {
  const active = members.filter((m) => m.user_id && m.status === 'active' && (!requireMfa || m.mfa_enabled === true));
  const ids = (minRole: SiteRole) => [...new Set(active.filter((m) => roleAtLeast(m.role, minRole)).map((m) => m.user_id))].sort();
  return { member_ids: ids('viewer'), editor_ids: ids('editor'), manager_ids: ids('admin') };
}
