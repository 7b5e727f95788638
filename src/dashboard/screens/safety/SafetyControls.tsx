/** The Safety Controls card of one rule: health, Testing Mode, Automatic Rollback, rollout, Manual Rollback. */
import { Activity, AlertTriangle, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { LabelledSwitch } from '../../../ui/LabelledSwitch';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { HealthBadge } from '../../../ui/dashboard/HealthBadge';
import { rolloutCaption } from '../../../ui/dashboard/rolloutCaption';
import type { RuleRecord } from '../../data/records';
import { rollbackOptimization, updateRuleField, type RuleField } from '../../data/rules';

/** The spec's '{field} updated successfully' names the control the owner switched, never the raw field. */
const FIELD_LABELS: Record<RuleField, string> = {
  testing_mode: 'Testing Mode',
  auto_rollback_enabled: 'Automatic Rollback',
  rollout_percentage: 'Rollout percentage',
};

export function SafetyControls({ rule, siteId, onChanged }: { rule: RuleRecord; siteId: string; onChanged: () => void }) {
  const [updating, setUpdating] = useState(false);
  const saved = rule.rollout_percentage ?? 0;
  // The slider's unsaved position, kept only while the saved value it started from is current.
  const [draft, setDraft] = useState<{ from: number; value: number } | null>(null);
  const rollout = draft && draft.from === saved ? draft.value : saved;
  const setRollout = (value: number) => setDraft({ from: saved, value });
  const [confirming, setConfirming] = useState(false);
  const sliderId = useId();

  const busy = updating || !rule.id;
  const health = rule.health_status;

  async function save(field: RuleField, value: boolean | number) {
    setUpdating(true);
    try {
      await updateRuleField(rule.id, field, value);
      notify(
        field === 'rollout_percentage' ? 'Rollout percentage updated' : `${FIELD_LABELS[field]} updated successfully`,
        undefined,
        'success',
      );
      onChanged();
    } catch (err) {
      notify(`Failed to update: ${errorMessage(err, 'Unknown error')}`, undefined, 'destructive');
      if (field === 'rollout_percentage') setDraft(null);
    } finally {
      setUpdating(false);
    }
  }

  async function rollback() {
    setConfirming(false);
    setUpdating(true);
    try {
      await rollbackOptimization(siteId, rule.id);
      notify('Optimization rolled back successfully', undefined, 'success');
      onChanged();
    } catch (err) {
      notify(`Rollback failed: ${errorMessage(err, 'Unknown error')}`, undefined, 'destructive');
    } finally {
      setUpdating(false);
    }
  }

  return (
    <section aria-label="Safety Controls" className="mt-3 space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4">
      <div className="flex items-center justify-between">
        <h4 className="text-sm font-semibold text-slate-900">Safety Controls</h4>
        <HealthBadge status={health} />
      </div>

      <LabelledSwitch
        label="Testing Mode"
        hint="Test on staging domain before going live"
        checked={!!rule.testing_mode}
        disabled={busy}
        onChange={(v) => void save('testing_mode', v)}
      />
      <LabelledSwitch
        label="Automatic Rollback"
        hint="Automatically disable if error threshold exceeded"
        checked={!!rule.auto_rollback_enabled}
        disabled={busy}
        onChange={(v) => void save('auto_rollback_enabled', v)}
      />

      <div>
        <div className="flex items-center justify-between">
          <label htmlFor={sliderId} className="text-sm font-medium text-slate-900">
            Traffic Rollout
          </label>
          <span className="text-sm font-semibold text-slate-700" aria-hidden>
            {rollout}%
          </span>
        </div>
        <div className="mt-2 flex items-center gap-3">
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={rollout}
            disabled={busy || !rule.enabled}
            onChange={(e) => setRollout(Number(e.target.value))}
            className="w-full accent-indigo-600 disabled:opacity-50"
          />
          <Button
            variant="outline"
            disabled={busy || !rule.enabled || rollout === rule.rollout_percentage}
            onClick={() => void save('rollout_percentage', rollout)}
          >
            Apply
          </Button>
        </div>
        <p className="mt-1 text-xs text-slate-500" data-testid="rollout-caption">
          {rolloutCaption(rollout, rule.enabled)}
        </p>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3">
        <p className="flex items-center gap-2 text-sm text-emerald-700">
          <Activity className="h-4 w-4" aria-hidden />
          Health Monitoring Active
        </p>
        <Button variant="destructive" disabled={busy || !rule.enabled} onClick={() => setConfirming(true)}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Manual Rollback
        </Button>
      </div>

      {health === 'critical' && (
        <p role="alert" className="flex items-center gap-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          <AlertTriangle className="h-4 w-4" aria-hidden />
          Critical health issues detected. Review the health metrics immediately.
        </p>
      )}
      {health === 'warning' && (
        <p role="status" className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-800">
          <AlertTriangle className="h-4 w-4" aria-hidden />
          Performance degradation detected. This optimization is being monitored closely.
        </p>
      )}

      {confirming && (
        <Dialog title="Rollback Optimization?" onClose={() => setConfirming(false)}>
          <p className="text-sm text-slate-600">
            This will immediately disable this optimization and restore the previous settings. Visitors will no longer see this
            optimization.
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void rollback()}>
              Rollback
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
