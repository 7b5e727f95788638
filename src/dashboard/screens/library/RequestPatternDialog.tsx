/** Request Pattern: stores a pattern request (pattern_requests) for the team to review. */
import { useState, type FormEvent } from 'react';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { requestPattern } from '../../data/patterns';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';

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
  const [category, setCategory] = useState('conversion');
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
        <div className="space-y-1">
          <label htmlFor="req-category" className="block text-sm font-medium text-slate-800">
            Category
          </label>
          <select
            id="req-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            {CATEGORIES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="req-description" className="block text-sm font-medium text-slate-800">
            What should it do?
          </label>
          <textarea
            id="req-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
            rows={4}
            required
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Send Request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
