/** Invitations addressed to the signed-in user (also reached through the mail's ?invite= link). */
import { MailCheck } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { $myInvites, acceptInvite, refetchMyInvites } from '../../data/invites';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { refetchSites, selectSite } from '../../data/sites';

export function MyInvitations() {
  const invites = useStore($myInvites);
  const linked = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('invite') : null;

  const accept = async (token: string) => {
    try {
      const res = await acceptInvite(token);
      notify('Invitation accepted', `You joined ${res.domain} as ${res.role}`, 'success');
      if (linked) window.history.replaceState(null, '', '/dashboard/team');
      await refetchSites();
      selectSite(res.siteId);
      void refetchMyInvites();
    } catch (err) {
      notify('Could not accept the invitation', errorMessage(err, 'Please try again'), 'destructive');
    }
  };

  const fromLink = linked && !invites.some((i) => i.token === linked);
  if (invites.length === 0 && !fromLink) return null;
  return (
    <Card title="Your Invitations" testId="my-invitations">
      <ul className="space-y-2">
        {invites.map((i) => (
          <li key={i.token} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-indigo-50 p-3">
            <span className="flex items-center gap-2 text-sm">
              <MailCheck className="h-4 w-4 text-indigo-600" aria-hidden />
              Join <strong>{i.domain}</strong> as {i.role}
            </span>
            <Button onClick={() => void accept(i.token)}>Accept Invitation</Button>
          </li>
        ))}
        {fromLink && (
          <li className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-indigo-50 p-3">
            <span className="text-sm">You opened an invitation link.</span>
            <Button onClick={() => void accept(linked)}>Accept Invitation</Button>
          </li>
        )}
      </ul>
    </Card>
  );
}
