/** One API key: name, prefix, scope, when it was created and last used; revoking asks first. */
import { useState } from 'react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { notify } from '../../../ui/toast';
import { revokeApiKey } from '../../data/apiKeys';
import { errorMessage } from '../../data/errors';
import type { ApiKeyRecord } from '../../data/records';

const when = (stored: string) => (stored ? new Date(stored.replace(' ', 'T')).toLocaleString() : 'Never');

export function ApiKeyRow({ apiKey }: { apiKey: ApiKeyRecord }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const revoked = apiKey.revoked_at !== '';

  async function revoke() {
    setBusy(true);
    try {
      await revokeApiKey(apiKey.id);
      notify('API key revoked', `${apiKey.name} no longer works.`, 'success');
      setOpen(false);
    } catch (err) {
      notify('Error', errorMessage(err, 'Could not revoke the API key'), 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col items-start gap-2 py-3" data-testid="api-key-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {apiKey.name} <code className="ml-1 rounded bg-slate-100 px-1 text-xs text-slate-700">{apiKey.prefix}…</code>
        </p>
        <p className="text-xs text-slate-500">
          Created {when(apiKey.created_at)} · Last used {when(apiKey.last_used_at)}
          {revoked && ` · Revoked ${when(apiKey.revoked_at)}`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge tone="secondary">{apiKey.scope === 'write' ? 'Read & write' : 'Read only'}</Badge>
        {revoked ? (
          <Badge tone="danger">Revoked</Badge>
        ) : (
          <>
            <Badge tone="success">Active</Badge>
            <Button variant="ghost" className="text-red-700" onClick={() => setOpen(true)} aria-label={`Revoke ${apiKey.name}`}>
              Revoke
            </Button>
          </>
        )}
      </div>
      {open && (
        <Dialog title={`Revoke ${apiKey.name}?`} onClose={() => !busy && setOpen(false)}>
          <p className="text-sm text-slate-700">Requests with this key are refused from now on. This cannot be undone.</p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void revoke()} disabled={busy}>
              Revoke key
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
