/**
 * Add or edit one DNS record of the site's zone. The server checks the record and its neighbours
 * (a CNAME stands alone, no duplicates); its refusal is shown as it comes.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { DNS_RECORD_TYPES, DNS_VALUE_EXAMPLES, type DnsRecordInput, type DnsRecordType } from '../../../lib/dns-records';
import { errorMessage } from '../../data/errors';

const TYPE_OPTIONS = DNS_RECORD_TYPES.map((t) => [t, t] as const);

export function DnsRecordDialog({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: DnsRecordInput;
  onSave: (record: DnsRecordInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [type, setType] = useState<DnsRecordType>(initial.type);
  const [value, setValue] = useState(initial.value);
  const [ttl, setTtl] = useState(String(initial.ttl));
  const [priority, setPriority] = useState(String(initial.priority));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await onSave({ name: name.trim() || '@', type, value, ttl: Number(ttl) || 0, priority: type === 'MX' ? Number(priority) || 0 : 0 });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the record'));
      setSaving(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id="dns-name"
          label="Name"
          value={name}
          placeholder="@"
          hint='"@" is the domain itself; "mail" is mail.your-domain.'
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField id="dns-type" label="Type" value={type} options={TYPE_OPTIONS} onValue={setType} />
        <TextField
          id="dns-value"
          label="Value"
          value={value}
          placeholder={DNS_VALUE_EXAMPLES[type]}
          onChange={(e) => setValue(e.target.value)}
        />
        {type === 'MX' && (
          <TextField
            id="dns-priority"
            label="Priority"
            type="number"
            min={0}
            max={65535}
            value={priority}
            hint="Lower numbers are tried first."
            onChange={(e) => setPriority(e.target.value)}
          />
        )}
        <TextField
          id="dns-ttl"
          label="TTL (seconds)"
          type="number"
          min={60}
          max={86400}
          value={ttl}
          onChange={(e) => setTtl(e.target.value)}
        />
        <FormError error={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Record'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
