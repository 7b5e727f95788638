/** Team (/dashboard/team): stats, invite, the owner's two-step sign-in requirement, members and invitations, role descriptions. */
import { useStore } from '@nanostores/react';
import { $members, refetchMembers } from '../../data/members';
import { useSiteContext } from '../../data/siteContext';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';
import { MyInvitations } from './MyInvitations';
import { RequireMfaCard } from './RequireMfaCard';
import { RoleDescriptions } from './RoleDescriptions';
import { TeamStats } from './TeamStats';

export default function TeamScreen() {
  const { site, user, loading, canManage } = useSiteContext();
  const members = useStore($members);
  return (
    <div className="space-y-6">
      <ScreenHeader title="Team" subtitle={site ? `People working on ${site.domain}` : 'Invite people to work on your site'} />
      <MyInvitations />
      {loading ? (
        <Spinner />
      ) : !site ? (
        <NoSite />
      ) : (
        <>
          {members && <TeamStats members={members} />}
          {canManage && <InviteForm siteId={site.id} onInvited={() => void refetchMembers()} />}
          <RequireMfaCard site={site} isOwner={site.user_id === user?.id} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
            {members ? (
              <MemberList members={members} manager={canManage} userId={user?.id ?? ''} onChanged={() => void refetchMembers()} />
            ) : (
              <Spinner />
            )}
            <RoleDescriptions />
          </div>
        </>
      )}
    </div>
  );
}
