/** Team (/dashboard/team): stats, invite, members and invitations, role descriptions. */
import { useSiteContext } from '../../useSiteContext';
import { NoSite } from '../../components/NoSite';
import { ScreenHeader } from '../../components/ScreenHeader';
import { Spinner } from '../../components/Spinner';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';
import { MyInvitations } from './MyInvitations';
import { RoleDescriptions } from './RoleDescriptions';
import { TeamStats } from './TeamStats';
import { useMembers } from './useMembers';

export default function TeamScreen() {
  const { site, user, loading, canManage } = useSiteContext();
  const { members, reload } = useMembers(site?.id ?? null);
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
          {canManage && <InviteForm siteId={site.id} onInvited={() => void reload()} />}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
            {members ? (
              <MemberList members={members} manager={canManage} userId={user?.id ?? ''} onChanged={() => void reload()} />
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
