/** A funnel's steps: visitors, conversion from the previous step, drop-off, median time, and the previous period. */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatDuration, funnelStepRates, type FunnelStepCounts } from '../../../lib/funnels';
import { Button } from '../../../ui/Button';

export function FunnelSteps({
  labels,
  steps,
  previous,
  onDetails,
}: {
  labels: string[];
  steps: FunnelStepCounts[];
  previous: FunnelStepCounts[];
  onDetails: (step: number) => void;
}) {
  const rates = funnelStepRates(steps);
  const max = Math.max(1, steps[0]?.users ?? 0);
  return (
    <ol className="space-y-2">
      {rates.map((s, i) => {
        const before = previous[i]?.users ?? 0;
        return (
          <li key={i} data-testid="funnel-step" className="rounded-md border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs text-slate-500">Step {i + 1}</p>
                <p className="truncate font-medium text-slate-900" data-testid="funnel-step-label">
                  {labels[i]}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-4 text-sm">
                <span>
                  <strong data-testid="funnel-step-users">{s.users.toLocaleString('en-US')}</strong> users
                </span>
                <span data-testid="funnel-step-conversion">{s.conversionRate}% converted</span>
                {i > 0 && <span data-testid="funnel-step-dropoff">{s.dropOff}% dropped off</span>}
                {i > 0 && s.users > 0 && <span className="text-slate-500">median {formatDuration(s.medianSeconds)}</span>}
                <span className="inline-flex items-center gap-1 text-slate-500" title="Users in the previous period">
                  {s.users >= before ? <ArrowUp className="h-3 w-3" /> : <ArrowDown className="h-3 w-3" />}
                  <span data-testid="funnel-step-previous">{before.toLocaleString('en-US')}</span> before
                </span>
              </div>
            </div>
            <div className="mt-2 h-2 rounded bg-slate-100" aria-hidden="true">
              <div className="h-2 rounded bg-indigo-500" style={{ width: `${(s.users / max) * 100}%` }} />
            </div>
            {i > 0 && (
              // On the left: the floating LIVE KPI card covers the bottom right of the screen.
              <Button variant="outline" className="mt-2" onClick={() => onDetails(i)}>
                View Details
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
