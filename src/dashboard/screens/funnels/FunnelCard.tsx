/** One funnel: overall conversion against the previous period, its steps, the breakdown and its actions. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { funnelStepRates, formatDuration, overallConversion, worstDropOffStep } from '../../../lib/funnels';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { $goals } from '../../data/experiments';
import { deleteFunnel, type FunnelWithResults } from '../../data/funnels';
import type { SiteRecord } from '../../data/records';
import { FunnelBreakdownTable } from './FunnelBreakdownTable';
import { FunnelDialog } from './FunnelDialog';
import { FunnelSteps } from './FunnelSteps';
import { OptimizeFunnelDialog } from './OptimizeFunnelDialog';
import { StepDetailsDialog } from './StepDetailsDialog';
import { stepLabel } from './stepLabel';

export function FunnelCard({ item, site, canEdit }: { item: FunnelWithResults; site: SiteRecord; canEdit: boolean }) {
  const { funnel, results } = item;
  const goals = useStore($goals);
  const [details, setDetails] = useState<number | null>(null);
  const [optimizing, setOptimizing] = useState(false);
  const [editing, setEditing] = useState(false);
  const goalNames = new Map(goals.map((g) => [g.id, g.name]));
  const labels = (funnel.steps ?? []).map((s) => stepLabel(s, goalNames));
  const overall = overallConversion(results.current.steps);
  const before = overallConversion(results.previous.steps);
  const worst = worstDropOffStep(results.current.steps);
  const rates = funnelStepRates(results.current.steps);

  async function remove() {
    if (!window.confirm(`Delete the funnel ${funnel.name}?`)) return;
    try {
      await deleteFunnel(funnel.id);
      notify('Funnel deleted', funnel.name);
    } catch (err) {
      notify('Delete failed', errorMessage(err, 'Could not delete the funnel.'), 'destructive');
    }
  }

  return (
    <Card
      testId="funnel-card"
      title={funnel.name}
      action={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setOptimizing(true)}>
            Optimize Funnel
          </Button>
          {canEdit && (
            <>
              <Button variant="ghost" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="ghost" onClick={() => void remove()}>
                Delete
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className="mb-3 flex flex-wrap gap-6 text-sm">
        <p>
          Overall conversion <strong data-testid="funnel-overall">{overall}%</strong>
        </p>
        <p className="text-slate-500" data-testid="funnel-previous-overall">
          Previous period {before}% ({results.previousRange.from} to {results.previousRange.to})
        </p>
        {results.current.medianTotalSeconds > 0 && (
          <p className="text-slate-500">Median time to convert {formatDuration(results.current.medianTotalSeconds)}</p>
        )}
        <p className="text-slate-500">
          Window {results.windowDays} days,{' '}
          {results.order === 'strict' ? 'strict order' : results.order === 'any' ? 'any order' : 'in order'}
        </p>
      </div>
      <FunnelSteps labels={labels} steps={results.current.steps} previous={results.previous.steps} onDetails={setDetails} />
      {results.breakdownBy && (
        <div className="mt-4">
          <FunnelBreakdownTable rows={results.current.breakdown} steps={labels.length} />
        </div>
      )}
      {details !== null && (
        <StepDetailsDialog funnelId={funnel.id} step={details} labels={labels} range={results.range} onClose={() => setDetails(null)} />
      )}
      {optimizing && (
        <OptimizeFunnelDialog
          funnelId={funnel.id}
          step={worst}
          label={labels[worst] ?? ''}
          dropOff={rates[worst]?.dropOff ?? 0}
          site={site}
          canEdit={canEdit}
          onClose={() => setOptimizing(false)}
        />
      )}
      {editing && <FunnelDialog siteId={site.id} funnel={funnel} onClose={() => setEditing(false)} />}
    </Card>
  );
}
