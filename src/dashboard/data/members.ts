/** The current site's members and invitations, kept fresh by realtime, and the team's changes. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createCollectionStore, fieldIs } from './collectionStore';
import type { MemberRecord } from './records';
import { $currentSiteId } from './sites';

const membersState = createCollectionStore<MemberRecord>({
  collection: 'site_members',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: 'created_at',
});

/** The current site's members and pending invitations, oldest first; `undefined` while loading, `[]` if that failed. */
export const $members = computed(membersState, (s) => s.value ?? (s.error ? [] : undefined));

export const refetchMembers = () => membersState.refetch();

export const inviteMember = (siteId: string, email: string, role: string) =>
  pb.collection('site_members').create({ site_id: siteId, email, role }, { requestKey: null });

export const changeMemberRole = (memberId: string, role: string) =>
  pb.collection('site_members').update(memberId, { role }, { requestKey: null });

export const removeMember = (memberId: string) => pb.collection('site_members').delete(memberId, { requestKey: null });
