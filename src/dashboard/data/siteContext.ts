/** The current user, their sites, the selected site and what their role allows on it. */
import { useStore } from '@nanostores/react';
import { $user } from './session';
import { $currentSite, $sites, canEdit, canManage } from './sites';

export function useSiteContext() {
  const user = useStore($user);
  const sites = useStore($sites);
  const site = useStore($currentSite);
  return {
    user,
    sites,
    site,
    loading: sites === undefined,
    canManage: canManage(site, user?.id),
    canEdit: canEdit(site, user?.id),
  };
}
