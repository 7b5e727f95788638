/**
 * Add or edit a goal: what it matches (a page view of a URL pattern, a click or a form submit on a
 * selector, a custom event, or a purchase), its value and whether it is a micro goal. Checked with
 * the server's own rule before sending; the server's refusal is shown as it comes.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { DialogActions } from '../DialogActions';
import { FormError } from '../FormError';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';
import { GOAL_TYPE_LABELS, PURCHASE_EVENT, checkGoal, type GoalInput, type GoalType } from '../../lib/goals';

/** The form's kinds: the four goal types, and a purchase (the custom event `purchase`). */
type Kind = GoalType | 'purchase';
const KINDS: readonly (readonly [Kind, string])[] = [
  ['url', GOAL_TYPE_LABELS.url.label],
  ['click', GOAL_TYPE_LABELS.click.label],
  ['form', GOAL_TYPE_LABELS.form.label],
  ['event', GOAL_TYPE_LABELS.event.label],
  ['purchase', 'Revenue (purchase)'],
];

const kindOf = (g: Pick<GoalInput, 'type' | 'match'>): Kind => (g.type === 'event' && g.match === PURCHASE_EVENT ? 'purchase' : g.type);

export function GoalDialog({
  title,
  initial,
  onSave,
  onClose,
  errorMessage,
}: {
  title: string;
  initial: GoalInput;
  onSave: (goal: GoalInput) => Promise<unknown>;
  onClose: () => void;
  errorMessage: (err: unknown) => string;
}) {
  const [name, setName] = useState(initial.name);
  const [kind, setKind] = useState<Kind>(kindOf(initial));
  const [match, setMatch] = useState(kindOf(initial) === 'purchase' ? '' : initial.match);
  const [value, setValue] = useState(initial.value ? String(initial.value) : '');
  const [micro, setMicro] = useState(initial.micro);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const purchase = kind === 'purchase';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkGoal({
      name,
      type: purchase ? 'event' : kind,
      match: purchase ? PURCHASE_EVENT : match,
      value: value.trim() === '' ? 0 : Number(value),
      micro,
      enabled: initial.enabled,
    });
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setSaving(true);
    try {
      await onSave(checked.goal);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setSaving(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField id="goal-name" label="Name" value={name} placeholder="Newsletter signup" onChange={(e) => setName(e.target.value)} />
        <SelectField id="goal-kind" label="Completed by" value={kind} options={KINDS} onValue={setKind} />
        {purchase ? (
          <p className="text-xs text-slate-600">
            Counts{' '}
            <code>
              cro(&apos;track&apos;, &apos;purchase&apos;, {'{'} value {'}'})
            </code>
            ; the value each purchase reports is its revenue.
          </p>
        ) : (
          <TextField
            id="goal-match"
            label={GOAL_TYPE_LABELS[kind].match}
            value={match}
            placeholder={GOAL_TYPE_LABELS[kind].placeholder}
            hint={kind === 'event' ? "Sent by cro('track', name, props) on your site." : undefined}
            onChange={(e) => setMatch(e.target.value)}
          />
        )}
        <TextField
          id="goal-value"
          label={micro ? 'Points' : 'Value (optional)'}
          hint={micro ? 'Points each completion earns.' : 'What each conversion is worth; added to revenue.'}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={micro} onChange={(e) => setMicro(e.target.checked)} />
          Micro goal (a small step; counted apart from conversions)
        </label>
        <FormError error={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Goal'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
