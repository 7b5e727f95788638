/**
 * The wizard's exclusive group: none, one of the site's groups, or a new one named here. Tests in
 * one group never share a visitor; the server gives the test a free range of the group as wide as
 * its traffic and says so when the group has too little left.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { errorMessage } from '../../data/errors';
import { $groups, createGroup } from '../../data/groups';

export function GroupField({ siteId, value, onValue }: { siteId: string; value: string; onValue: (id: string) => void }) {
  const groups = useStore($groups) ?? [];
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    setBusy(true);
    try {
      const g = await createGroup(siteId, name);
      setName('');
      setError(null);
      onValue(g.id);
    } catch (err) {
      setError(errorMessage(err, 'Could not create the group.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1">
      <SelectField
        id="test-group"
        label="Exclusive group"
        value={value}
        options={[['', 'None'] as const, ...groups.map((g) => [g.id, g.name] as const)]}
        onValue={onValue}
      />
      <p className="text-xs text-slate-500">Tests in one group never share a visitor: each takes its own share of the group's visitors.</p>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField id="test-new-group" label="New group" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="button" variant="outline" disabled={busy || !name.trim()} onClick={() => void add()}>
          Create group
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
