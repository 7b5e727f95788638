/** Request Pattern: stores a pattern request (pattern_requests) for the team to review. */
import { useState, type FormEvent } from 'react';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { requestPattern } from '../../data/patterns';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { SelectField } from '../../../ui/SelectField';
import { TextAreaField } from '../../../ui/TextAreaField';
import { FormError } from '../../../ui/FormError';
import { DialogActions } from '../../../ui/DialogActions';

const CATEGORIES = [
  ['conversion', 'Conversion'],
  ['trust', 'Trust'],
  ['form', 'Forms'],
  ['checkout', 'Checkout'],
  ['mobile', 'Mobile'],
  ['pricing', 'Pricing'],
  ['other', 'Other'],
] as const;

export function RequestPatternDialog({ userId, siteId, onClose }: { userId: string; siteId: string | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState<(typeof CATEGORIES)[number][0]>('conversion');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim().length < 3) return setError('Give the pattern a name of at least 3 characters.');
    if (description.trim().length < 10) return setError('Describe the pattern in at least 10 characters.');
    setBusy(true);
    setError(null);
    try {
      await requestPattern({ userId, siteId, name: name.trim(), category, description: description.trim() });
      notify('Pattern requested', 'Thanks! We review every request and will add it to the library if it fits.', 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not send the request.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title="Request Pattern" onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextField id="req-name" label="Pattern name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
        <SelectField id="req-category" label="Category" value={category} options={CATEGORIES} onValue={setCategory} />
        <TextAreaField
          id="req-description"
          label="What should it do?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          rows={4}
          required
        />
        <FormError error={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={busy}>
            Send Request
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
