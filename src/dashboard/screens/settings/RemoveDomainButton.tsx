/**
 * Removing a domain (owners only; the server's delete rule enforces it): a confirmation that
 * names what goes with it, then the site and everything scoped to it are deleted.
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../ui/toast';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { SiteRecord } from '../../data/records';
import { deleteSite, refetchSites } from '../../data/sites';

export function RemoveDomainButton({ site }: { site: SiteRecord }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteSite(site.id);
      notify('Domain removed', `${site.domain} and its data were deleted`, 'success');
      setOpen(false);
      await refetchSites();
    } catch (err) {
      console.error(err);
      notify('Error', (err as Error).message || 'Failed to remove the domain', 'destructive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="ghost" className="text-red-700" onClick={() => setOpen(true)} aria-label={`Remove ${site.domain}`}>
        <Trash2 className="h-4 w-4" />
        Remove
      </Button>
      {open && (
        <Dialog title={`Remove ${site.domain}?`} onClose={() => !busy && setOpen(false)}>
          <p className="text-sm text-slate-700">
            This deletes the domain with its analytics, optimizations, scans, integrations and team access. The tracking script stops
            working on the site. This cannot be undone.
          </p>
          <p className="mt-2 text-sm text-slate-500">Your subscription is not changed: manage it under Account Settings.</p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void remove()} disabled={busy}>
              Remove domain
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
