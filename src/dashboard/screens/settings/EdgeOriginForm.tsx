/**
 * Where the edge fetches the site's pages: empty means the A and AAAA records of the domain (or of
 * www) in the zone below; the owner and admins may name the server instead. The server checks it.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { saveEdgeOrigin } from '../../data/dnsRecords';
import { errorMessage } from '../../data/errors';
import type { SiteRecord } from '../../data/records';

export function EdgeOriginForm({ site, canManage }: { site: SiteRecord; canManage: boolean }) {
  const [origin, setOrigin] = useState(site.edge_origin ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await saveEdgeOrigin(site.id, origin);
      notify(
        'Origin saved',
        origin.trim() ? `The edge fetches your pages from ${origin.trim()}.` : 'The edge uses your A and AAAA records.',
      );
    } catch (err) {
      setError(errorMessage(err, 'Could not save the origin'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="mb-4 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} noValidate>
      <div className="min-w-64 flex-1">
        <TextField
          id="edge-origin"
          label="Origin server (optional)"
          value={origin}
          disabled={!canManage}
          placeholder="https://origin.example.com"
          hint="Where our edge fetches your pages. Empty: the A and AAAA records of your domain below."
          onChange={(e) => setOrigin(e.target.value)}
        />
      </div>
      {canManage && (
        <Button type="submit" variant="outline" disabled={saving}>
          {saving ? 'Saving...' : 'Save Origin'}
        </Button>
      )}
      <div className="basis-full">
        <FormError error={error} />
      </div>
    </form>
  );
}
