/** Team figures from the real member list. */
import { StatRow } from '../../../ui/dashboard/StatCard';
import type { MemberRecord } from '../../data/records';

export function TeamStats({ members }: { members: MemberRecord[] }) {
  const active = members.filter((m) => m.status === 'active').length;
  const invited = members.filter((m) => m.status === 'invited').length;
  const managers = members.filter((m) => m.status === 'active' && (m.role === 'owner' || m.role === 'admin')).length;
  const stats: Array<[string, number]> = [
    ['Team Members', active],
    ['Pending Invites', invited],
    ['Owners & Admins', managers],
  ];
  return <StatRow stats={stats} />;
}
