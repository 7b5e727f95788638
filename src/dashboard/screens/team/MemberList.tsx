/** Members and invitations; owners and admins change roles and remove (the server enforces it). */
import { Trash2 } from 'lucide-react';
import { notify } from '../../../ui/toast';
import { INVITABLE_ROLES } from '../../../lib/roles';
import { errorMessage } from '../../data/errors';
import { changeMemberRole, removeMember } from '../../data/members';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import type { MemberRecord } from '../../data/records';

export function MemberList({
  members,
  manager,
  userId,
  onChanged,
}: {
  members: MemberRecord[];
  manager: boolean;
  userId: string;
  onChanged: () => void;
}) {
  const changeRole = async (m: MemberRecord, role: string) => {
    try {
      await changeMemberRole(m.id, role);
      notify('Role updated', `${m.email} is now ${role}`, 'success');
      onChanged();
    } catch (err) {
      notify('Failed to update role', errorMessage(err, 'Could not change the role'), 'destructive');
    }
  };
  const remove = async (m: MemberRecord) => {
    if (!window.confirm(`Remove ${m.email} from this site?`)) return;
    try {
      await removeMember(m.id);
      notify(m.status === 'invited' ? 'Invitation cancelled' : 'Member removed', m.email, 'success');
      onChanged();
    } catch (err) {
      notify('Failed to remove member', errorMessage(err, 'Could not remove the member'), 'destructive');
    }
  };
  return (
    <Card title="Team Members">
      <ul className="divide-y divide-slate-100" data-testid="member-list">
        {members.map((m) => {
          const editable = manager && m.role !== 'owner' && m.user_id !== userId;
          return (
            <li key={m.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={`member-${m.email}`}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {m.email}
                  {m.user_id === userId && <span className="text-slate-500"> (you)</span>}
                </p>
                <p className="text-xs text-slate-500">Since {new Date(m.created_at.replace(' ', 'T')).toLocaleDateString()}</p>
              </div>
              <Badge tone={m.status === 'active' ? 'success' : 'warning'}>{m.status}</Badge>
              {editable ? (
                <select
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  onChange={(e) => void changeRole(m, e.target.value)}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                >
                  {INVITABLE_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              ) : (
                <Badge tone="secondary">{m.role}</Badge>
              )}
              {editable && (
                <Button variant="ghost" aria-label={`Remove ${m.email}`} onClick={() => void remove(m)}>
                  <Trash2 className="h-4 w-4" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
