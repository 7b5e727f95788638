/**
 * The connect dialog: the integration's fields; secrets go to the server route, which seals
 * them where no API answer can read them back (a saved secret may be left blank to keep it).
 * Saving an outbound integration tests it at once, so the card's status is what really happened.
 */
import { useState, type FormEvent } from 'react';
import type { IntegrationDefinition } from '../../../lib/integrations';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { connectIntegration } from '../../data/integrations';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { DialogActions } from '../../../ui/DialogActions';
import type { IntegrationRecord } from '../../data/records';
import { useConnectionTest } from './useConnectionTest';

export function ConnectDialog({
  definition,
  siteId,
  record,
  onClose,
  onSaved,
}: {
  definition: IntegrationDefinition;
  siteId: string;
  record: IntegrationRecord | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const settings = (record?.settings ?? {}) as Record<string, unknown>;
  const savedSecrets = Array.isArray(settings.credential_keys) ? (settings.credential_keys as string[]) : [];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      definition.fields
        .filter((f) => !f.secret)
        .map((f) => [f.key, typeof settings[f.key] === 'string' ? (settings[f.key] as string) : '']),
    ),
  );
  const [busy, setBusy] = useState(false);
  const { runTest } = useConnectionTest(definition, onSaved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await connectIntegration(siteId, definition.type, values);
      if (saved.status === 'connected') {
        notify('Connected!', `${definition.name} is connected`, 'success');
        await onSaved();
      } else if (definition.mode === 'inbound') {
        notify('Saved', `${definition.name} is waiting for its first signed order webhook`, 'success');
        await onSaved();
      } else {
        await runTest(saved.id);
      }
    } catch (err) {
      notify('Connection Failed', errorMessage(err, `Could not connect ${definition.name}. Please try again.`), 'destructive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Connect ${definition.name}`} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-600">{definition.description}</p>
        {definition.fields.map((f) => (
          <TextField
            key={f.key}
            id={`field-${f.key}`}
            label={f.required ? f.label : `${f.label} (Optional)`}
            type={f.secret ? 'password' : 'text'}
            autoComplete="off"
            placeholder={f.secret && savedSecrets.includes(f.key) ? 'Saved - leave blank to keep' : f.placeholder}
            value={values[f.key] ?? ''}
            onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
            hint={f.secret ? 'Kept on the server only and never shown again.' : undefined}
          />
        ))}
        <DialogActions onCancel={onClose} cancelVariant="ghost">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
