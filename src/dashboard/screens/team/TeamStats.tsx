/** Team figures from the real member list. */
import { Card } from '../../../ui/Card';
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
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {stats.map(([label, value]) => (
        <Card key={label}>
          <p className="text-sm text-slate-500">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </Card>
      ))}
    </div>
  );
}
