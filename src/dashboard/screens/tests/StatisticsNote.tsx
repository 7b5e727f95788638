/**
 * What the results view's figures are: CUPED's variance reduction (with the switch to the
 * unadjusted figures) and the multiple-comparison correction in force.
 */
import { CORRECTION_LABELS, POST_STRATIFICATION_LABELS } from '../../../lib/experiment-statistics';
import { Button } from '../../../ui/Button';
import type { ExperimentResults } from '../../data/experiments';
import { percent } from './format';

export function StatisticsNote({
  results,
  unadjusted,
  onToggle,
}: {
  results: ExperimentResults;
  unadjusted: boolean;
  onToggle: () => void;
}) {
  const cuped = results.cuped;
  const reductions = (cuped?.variance_reduction ?? []).filter((r): r is number => r !== null);
  const { method, family_size: family } = results.correction;
  const strata = results.postStratification;
  return (
    <div className="mb-3 space-y-1 text-xs text-slate-600" data-testid="statistics-note">
      {cuped && reductions.length > 0 ? (
        <p className="flex flex-wrap items-center gap-2" data-testid="cuped-note">
          <span>
            {unadjusted ? 'Unadjusted figures. ' : ''}CUPED ({cuped.window_days}-day pre-exposure window):{' '}
            {reductions.map((r) => percent(r)).join(', ')} less variance.
          </span>
          <Button variant="ghost" onClick={onToggle}>
            {unadjusted ? 'Show CUPED-adjusted figures' : 'Show unadjusted figures'}
          </Button>
        </p>
      ) : (
        cuped && <p data-testid="cuped-note">CUPED: no pre-exposure behaviour to adjust for yet.</p>
      )}
      {strata && strata.applied.some(Boolean) && !unadjusted && (
        <p data-testid="strata-note">
          Post-stratified by {POST_STRATIFICATION_LABELS[strata.dimension].toLowerCase()} ({strata.strata.join(', ')}).
        </p>
      )}
      {method !== 'none' && !unadjusted && (
        <p data-testid="correction-note">
          p-values and intervals corrected by {CORRECTION_LABELS[method]} over {family} comparisons (every variant on every goal).
        </p>
      )}
    </div>
  );
}
