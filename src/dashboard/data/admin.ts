/** Whether the signed-in user is a platform admin, and the admin overview of all sites. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { fieldIs } from './collectionStore';
import { createLiveStore } from './liveStore';
import { $userId } from './session';

export interface AdminOverview {
  stats: { totalSites: number; paidUsers: number; freeTrials: number; estimatedRevenue: number };
  registrations: Array<{ domain: string; plan_tier: string; subscription_status: string; created_at: string }>;
}

const adminCheck = createLiveStore<boolean, string>({
  name: 'admin check',
  key: $userId,
  empty: false,
  load: async (userId) => {
    const rows = await pb.collection('user_roles').getList(1, 1, {
      filter: `${fieldIs('user_id', userId)} && role = "admin"`,
      requestKey: null,
    });
    return rows.totalItems > 0;
  },
});

/** Whether the user has the user_roles admin row; undefined while checking. A failed check means not admin. */
export const $isAdmin = computed(adminCheck, (s) => (s.error ? false : s.value));

const overview = createLiveStore<AdminOverview, true>({
  name: 'admin overview',
  key: computed($isAdmin, (isAdmin) => (isAdmin ? true : null)),
  load: () => pb.send<AdminOverview>('/api/cro/admin/overview', { requestKey: null }),
});

/** The platform overview, for admins only; undefined while loading or when not an admin. */
export const $adminOverview = computed(overview, (s) => s.value);
