/** 'New audience' / edit: a name, all or any, and the conditions (the server validates and says what to fix). */
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../ui/toast';
import { AUDIENCE_KINDS, audienceOps, type AudienceCondition, type AudienceKind } from '../../../lib/contracts/audience';
import { audienceKindLabel, MAX_AUDIENCE_CONDITIONS } from '../../../lib/audiences';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { errorMessage } from '../../data/errors';
import { saveAudience } from '../../data/audiences';
import type { AudienceRecord } from '../../data/records';

const NAMED: readonly string[] = ['query', 'cookie', 'attribute'];
const OP_LABEL: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  matches: 'matches pattern',
  exists: 'is set',
  not_exists: 'is not set',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
};
const KIND_OPTIONS = AUDIENCE_KINDS.map((k) => [k, audienceKindLabel(k)] as const);

/** A condition as the form holds it: the value as typed (comma-separated for several). */
interface Row {
  kind: AudienceKind;
  op: string;
  name: string;
  value: string;
}

const toRow = (c: AudienceCondition): Row => ({
  kind: c.kind,
  op: c.op,
  name: c.name ?? '',
  value: Array.isArray(c.value) ? c.value.join(', ') : c.value === undefined ? '' : String(c.value),
});

function toCondition(r: Row): AudienceCondition {
  const c: AudienceCondition = { kind: r.kind, op: r.op as AudienceCondition['op'] };
  if (NAMED.includes(r.kind)) c.name = r.name.trim();
  if (r.op === 'exists' || r.op === 'not_exists') return c;
  const parts = r.value.split(',').map((v) => v.trim());
  c.value = (r.op === 'is' || r.op === 'is_not') && parts.length > 1 ? parts : r.value.trim();
  return c;
}

export function AudienceEditor({ siteId, audience, onClose }: { siteId: string; audience?: AudienceRecord; onClose: () => void }) {
  const [name, setName] = useState(audience?.name ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(audience?.match ?? 'all');
  const [rows, setRows] = useState<Row[]>(
    audience?.conditions?.length ? audience.conditions.map(toRow) : [{ kind: 'utm_source', op: 'is', name: '', value: '' }],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await saveAudience(siteId, audience?.id ?? null, { name: name.trim(), match, conditions: rows.map(toCondition) });
      notify('Audience saved', `${name.trim()} can now be targeted by optimizations and tests.`, 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the audience.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={audience ? 'Edit Audience' : 'New Audience'} onClose={onClose}>
      <form onSubmit={(e) => void save(e)} className="space-y-3" noValidate>
        <TextField id="audience-name" label="Name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <SelectField
          id="audience-match"
          label="Visitors who match"
          value={match}
          options={[
            ['all', 'all of the conditions'],
            ['any', 'any of the conditions'],
          ]}
          onValue={setMatch}
        />
        <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Conditions</legend>
          {rows.map((r, i) => {
            const ops = audienceOps(r.kind);
            const presence = r.op === 'exists' || r.op === 'not_exists';
            return (
              <div
                key={i}
                className="grid gap-2 rounded border border-slate-100 bg-slate-50 p-2 sm:grid-cols-4"
                data-testid="condition-row"
              >
                <SelectField
                  id={`cond-kind-${i}`}
                  label={`Condition ${i + 1}`}
                  value={r.kind}
                  options={KIND_OPTIONS}
                  onValue={(kind) => update(i, { kind, op: audienceOps(kind).includes(r.op) ? r.op : audienceOps(kind)[0]! })}
                />
                <SelectField
                  id={`cond-op-${i}`}
                  label="Operator"
                  value={r.op}
                  options={ops.map((o) => [o, OP_LABEL[o] ?? o] as const)}
                  onValue={(op) => update(i, { op })}
                />
                {NAMED.includes(r.kind) ? (
                  <TextField id={`cond-name-${i}`} label="Name" value={r.name} onChange={(e) => update(i, { name: e.target.value })} />
                ) : (
                  <span />
                )}
                <div className="flex items-end gap-1">
                  {!presence && (
                    <TextField
                      id={`cond-value-${i}`}
                      label="Value"
                      hint={r.op === 'is' || r.op === 'is_not' ? 'Several: separate with commas' : undefined}
                      value={r.value}
                      onChange={(e) => update(i, { value: e.target.value })}
                    />
                  )}
                  <Button
                    variant="ghost"
                    aria-label={`Remove condition ${i + 1}`}
                    disabled={rows.length === 1}
                    onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </div>
              </div>
            );
          })}
          <Button
            variant="outline"
            disabled={rows.length >= MAX_AUDIENCE_CONDITIONS}
            onClick={() => setRows((rs) => [...rs, { kind: 'country', op: 'is', name: '', value: '' }])}
          >
            <Plus className="h-4 w-4" />
            Add condition
          </Button>
        </fieldset>
        <FormError error={error} />
        <DialogActions onCancel={onClose} className="flex justify-end gap-2 pt-1">
          <Button type="submit" disabled={busy}>
            Save Audience
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
