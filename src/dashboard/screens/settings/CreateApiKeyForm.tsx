/** Creating an API key: a name and a scope; the new secret is shown here once, to copy. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { CopyButton } from '../../../ui/CopyButton';
import { FormError } from '../../../ui/FormError';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, API_KEY_SCOPE_LABELS, checkApiKeyName, type ApiKeyScope } from '../../../lib/api-keys';
import { createApiKey, type CreatedApiKey } from '../../data/apiKeys';
import { errorMessage } from '../../data/errors';

const SCOPE_OPTIONS = API_KEY_SCOPES.map((s) => [s, API_KEY_SCOPE_LABELS[s]] as const);

export function CreateApiKeyForm({ siteId }: { siteId: string }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('write');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkApiKeyName(name);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setBusy(true);
    try {
      setCreated(await createApiKey(siteId, checked.value, scope));
      setName('');
      notify('API key created', "Copy it now: it won't be shown again.", 'success');
    } catch (err) {
      setError(errorMessage(err, 'Could not create the API key'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      {created && (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3" data-testid="new-api-key">
          <p className="text-sm font-medium text-emerald-900">Your new key "{created.name}": copy it now, it is shown only this once.</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-sm" data-testid="new-api-key-value">
              {created.key}
            </code>
            <CopyButton value={created.key} />
          </div>
          <Button variant="ghost" className="mt-2" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      )}
      <form className="grid max-w-md gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id="api-key-name"
          label="Key name"
          placeholder="Production backend"
          maxLength={API_KEY_NAME_MAX}
          value={name}
          disabled={busy}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField id="api-key-scope" label="Access" value={scope} options={SCOPE_OPTIONS} disabled={busy} onValue={setScope} />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {busy ? 'Creating...' : 'Create API Key'}
        </Button>
      </form>
      <FormError error={error} />
    </div>
  );
}
