/** Invitations addressed to the signed-in user (also reached through the mail's ?invite= link). */
import { MailCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { notify } from '../../../client/toast';
import { acceptInvite, errorMessage, listMyInvites, type PendingInvite } from '../../api';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { loadSites, selectSite } from '../../stores/sites';

export function MyInvitations() {
  const [invites, setInvites] = useState<PendingInvite[]>([]);
  const linked = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('invite') : null;
  const reload = useCallback(() => {
    listMyInvites()
      .then((r) => setInvites(r.items))
      .catch((err) => console.warn('Invites load failed', err));
  }, []);
  useEffect(reload, [reload]);

  const accept = async (token: string) => {
    try {
      const res = await acceptInvite(token);
      notify('Invitation accepted', `You joined ${res.domain} as ${res.role}`, 'success');
      if (linked) window.history.replaceState(null, '', '/dashboard/team');
      await loadSites();
      selectSite(res.siteId);
      reload();
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
