/**
 * 'Create New Funnel' (and editing one): a name, 2 to 10 ordered steps (each a page URL pattern
 * or one of the site's goals), the conversion window and the step order. The same check as the
 * server's (src/lib/funnels.ts) runs before sending, so most mistakes are shown without a round trip.
 */
import { useStore } from '@nanostores/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  DEFAULT_FUNNEL_WINDOW_DAYS,
  MAX_FUNNEL_STEPS,
  MIN_FUNNEL_STEPS,
  validateFunnel,
  type FunnelOrder,
  type FunnelStepDef,
} from '../../../lib/funnels';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { $goals } from '../../data/experiments';
import { createFunnel, updateFunnel } from '../../data/funnels';
import type { FunnelRecord } from '../../data/records';

const ORDERS = [
  ['ordered', 'In order (other pages may come between)'],
  ['strict', 'Strict order (no other step between)'],
  ['any', 'Any order after step 1'],
] as const;

const EMPTY_STEPS: FunnelStepDef[] = [
  { kind: 'page', match: '' },
  { kind: 'page', match: '' },
];

export function FunnelDialog({ siteId, funnel, onClose }: { siteId: string; funnel?: FunnelRecord; onClose: () => void }) {
  const goals = useStore($goals);
  const [name, setName] = useState(funnel?.name ?? '');
  const [steps, setSteps] = useState<FunnelStepDef[]>(funnel?.steps?.length ? funnel.steps : EMPTY_STEPS);
  const [windowDays, setWindowDays] = useState(String(funnel?.window_days || DEFAULT_FUNNEL_WINDOW_DAYS));
  const [order, setOrder] = useState<FunnelOrder>(funnel?.step_order || 'ordered');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setStep = (i: number, s: FunnelStepDef) => setSteps(steps.map((x, j) => (j === i ? s : x)));
  const move = (i: number, by: number) => {
    const next = [...steps];
    const [moved] = next.splice(i, 1);
    if (moved) next.splice(i + by, 0, moved);
    setSteps(next);
  };

  // A goal step shows the first goal until another is chosen (the goals may arrive after the step was added).
  const goalOf = (s: FunnelStepDef) => (s.kind === 'goal' ? s.goal || goals[0]?.id || '' : '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const chosen = steps.map((s): FunnelStepDef => (s.kind === 'goal' ? { kind: 'goal', goal: goalOf(s) } : s));
    const body = { name, description: funnel?.description ?? '', steps: chosen, window_days: Number(windowDays), step_order: order };
    const checked = validateFunnel(
      body,
      goals.map((g) => g.id),
    );
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (funnel) await updateFunnel(funnel.id, checked.value);
      else await createFunnel(siteId, checked.value);
      notify(funnel ? 'Funnel updated' : 'Funnel created', checked.value.name, 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the funnel.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={funnel ? 'Edit Funnel' : 'Create New Funnel'} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <TextField id="funnel-name" label="Funnel name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Steps</legend>
          {steps.map((s, i) => (
            <div key={i} className="space-y-2 rounded-md border border-slate-200 p-2" data-testid="funnel-step-editor">
              <div className="flex items-center justify-between">
                <span className="text-xs font-medium text-slate-600">Step {i + 1}</span>
                <span className="flex gap-1">
                  <Button variant="ghost" aria-label={`Move step ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                    <ArrowUp className="h-3 w-3" />
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Move step ${i + 1} down`}
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDown className="h-3 w-3" />
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Remove step ${i + 1}`}
                    disabled={steps.length <= MIN_FUNNEL_STEPS}
                    onClick={() => setSteps(steps.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="h-3 w-3" />
                  </Button>
                </span>
              </div>
              <SelectField
                id={`funnel-step-${i}-kind`}
                label={`Step ${i + 1} type`}
                value={s.kind}
                options={[
                  ['page', 'Page view'],
                  ['goal', 'Goal'],
                ]}
                onValue={(kind) => setStep(i, kind === 'page' ? { kind, match: '' } : { kind, goal: '' })}
              />
              {s.kind === 'page' ? (
                <TextField
                  id={`funnel-step-${i}-match`}
                  label={`Step ${i + 1} page URL pattern`}
                  placeholder="/checkout/*"
                  value={s.match}
                  onChange={(e) => setStep(i, { kind: 'page', match: e.target.value })}
                />
              ) : (
                <SelectField
                  id={`funnel-step-${i}-goal`}
                  label={`Step ${i + 1} goal`}
                  value={goalOf(s)}
                  options={goals.length ? goals.map((g) => [g.id, g.name] as const) : [['', 'This site has no goals yet'] as const]}
                  onValue={(goal) => setStep(i, { kind: 'goal', goal })}
                />
              )}
            </div>
          ))}
          {steps.length < MAX_FUNNEL_STEPS && (
            <Button variant="outline" onClick={() => setSteps([...steps, { kind: 'page', match: '' }])}>
              <Plus className="h-4 w-4" />
              Add Step
            </Button>
          )}
        </fieldset>
        <TextField
          id="funnel-window"
          label="Conversion window (days)"
          type="number"
          min={1}
          max={90}
          value={windowDays}
          onChange={(e) => setWindowDays(e.target.value)}
          hint="Each step counts only within this many days of step 1."
        />
        <SelectField id="funnel-order" label="Step order" value={order} options={ORDERS} onValue={setOrder} />
        <FormError error={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={busy}>
            {funnel ? 'Save Funnel' : 'Create Funnel'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
