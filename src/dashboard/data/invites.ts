/** Invitations addressed to the signed-in user, and accepting one. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $userId } from './session';

export interface PendingInvite {
  token: string;
  siteId: string;
  domain: string;
  role: string;
}

const invitesState = createLiveStore<PendingInvite[], string>({
  name: 'invites',
  key: $userId,
  empty: [],
  load: async () => (await pb.send<{ items: PendingInvite[] }>('/api/cro/invites', { requestKey: null })).items,
});

/** The user's pending invitations (empty while loading or when the load failed). */
export const $myInvites = computed(invitesState, (s) => s.value ?? []);

export const refetchMyInvites = () => invitesState.refetch();

export const acceptInvite = (token: string) =>
  pb.send<{ siteId: string; domain: string; role: string }>('/api/cro/accept-invite', {
    method: 'POST',
    body: { token },
    requestKey: null,
  });
