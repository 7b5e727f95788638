/**
 * Team: the owner's switch requiring two-step sign-in of everyone on the site's team. Members
 * without it stay on the team but cannot open the site until they turn it on (Settings -> Account);
 * the server enforces it (README, Security notes).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SiteRecord } from '../../data/records';
import { Card } from '../../../ui/Card';
import { FormError } from '../../../ui/FormError';
import { LabelledSwitch } from '../../../ui/LabelledSwitch';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { $mfa, setSiteRequiresMfa } from '../../data/mfa';
import { refetchSites } from '../../data/sites';

export function RequireMfaCard({ site, isOwner }: { site: SiteRecord; isOwner: boolean }) {
  const mine = useStore($mfa);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const required = site.require_mfa === true;

  async function change(next: boolean) {
    setBusy(true);
    setError(null);
    try {
      await setSiteRequiresMfa(site.id, next);
      await refetchSites();
      notify(next ? 'Two-step sign-in required' : 'Two-step sign-in no longer required', undefined, 'success');
    } catch (err) {
      setError(errorMessage(err, 'Could not change the requirement'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Security" testId="team-security">
      <LabelledSwitch
        label="Require two-step sign-in"
        hint={
          isOwner
            ? 'Everyone on the team must sign in with a code mailed to them after their password. Members without it keep their place but cannot open this site until they turn it on in Settings -> Account.'
            : required
              ? "The site's owner requires two-step sign-in of everyone on the team."
              : "Only the site's owner can require two-step sign-in of the team."
        }
        checked={required}
        disabled={!isOwner || busy}
        onChange={(v) => void change(v)}
      />
      {isOwner && !required && mine && !mine.enabled && (
        <p className="mt-2 text-xs text-slate-500">Turn on two-step sign-in for your own account first (Settings -&gt; Account).</p>
      )}
      <div className="mt-2">
        <FormError error={error} />
      </div>
    </Card>
  );
}
