/** 'View Details' on a step: the visitors lost before it, where they went next, and their recordings when there are any. */
import { useEffect, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { Link } from '../../../ui/dashboard/Link';
import { errorMessage } from '../../data/errors';
import { fetchFunnelDropOff, type DayRange, type FunnelDropOff } from '../../data/funnels';
import { ROUTE_PATHS } from '../../data/router';

export function StepDetailsDialog({
  funnelId,
  step,
  labels,
  range,
  onClose,
}: {
  funnelId: string;
  /** The step (0-based, never the first) whose drop-off is shown. */
  step: number;
  labels: string[];
  range: DayRange;
  onClose: () => void;
}) {
  const [data, setData] = useState<FunnelDropOff | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchFunnelDropOff(funnelId, step, range).then(
      (d) => live && setData(d),
      (err: unknown) => live && setError(errorMessage(err, 'Could not load funnel data')),
    );
    return () => {
      live = false;
    };
  }, [funnelId, step, range]);

  return (
    <Dialog title={`Step ${step + 1}: ${labels[step]}`} onClose={onClose}>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {!data && !error && <p className="text-sm text-slate-500">Loading...</p>}
      {data && (
        <div className="space-y-4 text-sm" data-testid="step-details">
          <p>
            <strong>{data.visitors}</strong> visitors reached step {step} ({labels[step - 1] ?? ''}) and did not reach this step.
          </p>
          <div>
            <h3 className="mb-1 font-medium">Where they went next</h3>
            {data.nextPages.length === 0 ? (
              <p className="text-slate-500">Nobody dropped off here.</p>
            ) : (
              <ul className="space-y-1">
                {data.nextPages.map((p) => (
                  <li key={p.path} className="flex justify-between gap-2" data-testid="next-page">
                    <span className="truncate">{p.path || 'Left the site'}</span>
                    <span>{p.visitors}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {data.recordings.length > 0 && (
            <div>
              <h3 className="mb-1 font-medium">Recordings of these visitors</h3>
              <ul className="space-y-1">
                {data.recordings.map((r) => (
                  <li key={r.id}>
                    <Link href={`${ROUTE_PATHS.recordings}?recording=${encodeURIComponent(r.id)}`}>{r.page_url || r.session_id}</Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
