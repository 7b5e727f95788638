/** Invite by email with a role; the server sends the mail with the accept link. */
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../ui/toast';
import { INVITABLE_ROLES, ROLE_DESCRIPTIONS, type SiteRole } from '../../../lib/roles';
import { errorMessage } from '../../data/errors';
import { inviteMember } from '../../data/members';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/TextField';
import { SelectField } from '../../../ui/SelectField';

const ROLE_OPTIONS = INVITABLE_ROLES.map((r) => [r, r.charAt(0).toUpperCase() + r.slice(1)] as const);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteForm({ siteId, onInvited }: { siteId: string; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SiteRole>('viewer');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL.test(address)) {
      notify('Invalid email', 'Please enter a valid email address', 'destructive');
      return;
    }
    setBusy(true);
    try {
      await inviteMember(siteId, address, role);
      notify('Invitation sent', `${address} was invited as ${role}`, 'success');
      setEmail('');
      onInvited();
    } catch (err) {
      const dup = (err as { response?: { data?: Record<string, { code?: string }> } }).response?.data;
      const message =
        dup && Object.values(dup).some((v) => v?.code === 'validation_not_unique')
          ? 'This email is already a member or invited'
          : errorMessage(err, 'Could not send the invitation');
      notify('Failed to send invite', message, 'destructive');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Invite Team Member">
      <form onSubmit={submit} className="grid grid-cols-1 gap-3 md:grid-cols-[1fr_auto_auto] md:items-end" noValidate>
        <TextField
          id="invite-email"
          label="Email address"
          type="email"
          placeholder="colleague@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          id="invite-role"
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          onValue={setRole}
          labelClassName="block text-sm font-medium"
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <Button type="submit" disabled={busy}>
          <Send className="h-4 w-4" />
          Send Invite
        </Button>
      </form>
      <p className="mt-2 text-xs text-slate-500">{ROLE_DESCRIPTIONS[role]}</p>
    </Card>
  );
}
