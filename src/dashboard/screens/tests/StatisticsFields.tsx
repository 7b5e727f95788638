/** The wizard's statistics settings: the multiple-comparison correction and CUPED's window. */
import {
  CORRECTIONS,
  CORRECTION_LABELS,
  MAX_CUPED_WINDOW_DAYS,
  POST_STRATIFICATIONS,
  POST_STRATIFICATION_LABELS,
  type Correction,
  type PostStratification,
} from '../../../lib/experiment-statistics';
import { TextField } from '../../../ui/TextField';

export function StatisticsFields({
  correction,
  windowDays,
  strata,
  bandit,
  onCorrection,
  onWindowDays,
  onStrata,
  onBandit,
}: {
  correction: Correction | '';
  windowDays: number;
  strata: PostStratification | '';
  onCorrection: (c: Correction | '') => void;
  onWindowDays: (days: number) => void;
  onStrata: (s: PostStratification | '') => void;
  bandit: boolean;
  onBandit: (on: boolean) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Statistics</legend>
      <div className="space-y-1">
        <label htmlFor="test-correction" className="block text-sm text-slate-700">
          Multiple-comparison correction
        </label>
        <select
          id="test-correction"
          value={correction}
          onChange={(e) => onCorrection(e.target.value as Correction | '')}
          className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        >
          <option value="">Automatic (Holm-Bonferroni for several variants or goals)</option>
          {CORRECTIONS.map((c) => (
            <option key={c} value={c}>
              {CORRECTION_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="test-strata" className="block text-sm text-slate-700">
          Post-stratification
        </label>
        <select
          id="test-strata"
          value={strata}
          onChange={(e) => onStrata(e.target.value as PostStratification | '')}
          className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        >
          <option value="">Automatic (device class, where every class has enough visitors)</option>
          {POST_STRATIFICATIONS.map((p) => (
            <option key={p} value={p}>
              {POST_STRATIFICATION_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={bandit} onChange={(e) => onBandit(e.target.checked)} />
        Run as a bandit (move traffic to the best variant every 6 hours, at least 5% per variant)
      </label>
      <TextField
        id="test-cuped-window"
        label="CUPED pre-exposure window (days, 0 = off)"
        type="number"
        min={0}
        max={MAX_CUPED_WINDOW_DAYS}
        value={windowDays}
        onChange={(e) => onWindowDays(Math.min(MAX_CUPED_WINDOW_DAYS, Math.max(0, Math.round(Number(e.target.value) || 0))))}
      />
    </fieldset>
  );
}
