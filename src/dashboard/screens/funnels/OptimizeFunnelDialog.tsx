/**
 * 'Optimize Funnel': for the step with the worst drop-off, library patterns and the latest scan's
 * findings ranked by fit and lift; a pattern can be deployed as a rule, and any idea can start an
 * A/B test (the tests screen's wizard).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { rankFunnelSuggestions, type FindingLike } from '../../../lib/funnel-optimize';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DeployPatternDialog } from '../../../ui/dashboard/DeployPatternDialog';
import { fetchLatestScanFindings } from '../../data/funnels';
import { $patterns } from '../../data/patterns';
import type { PatternRecord, SiteRecord } from '../../data/records';
import { navigate, ROUTE_PATHS } from '../../data/router';

export function OptimizeFunnelDialog({
  funnelId,
  step,
  label,
  dropOff,
  site,
  canEdit,
  onClose,
}: {
  funnelId: string;
  /** The step (0-based) visitors are lost before, or -1 when no step loses any. */
  step: number;
  label: string;
  dropOff: number;
  site: SiteRecord;
  canEdit: boolean;
  onClose: () => void;
}) {
  const patterns = useStore($patterns);
  const [findings, setFindings] = useState<FindingLike[]>([]);
  const [deploying, setDeploying] = useState<PatternRecord | null>(null);
  useEffect(() => {
    let live = true;
    // Without a scan, or if it cannot be read, the library's patterns are enough.
    fetchLatestScanFindings(funnelId).then(
      (r) => live && setFindings(r.findings),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [funnelId]);

  if (deploying) return <DeployPatternDialog pattern={deploying} site={site} onClose={onClose} />;
  const ranked = step < 0 ? [] : rankFunnelSuggestions(label, patterns ?? [], findings);
  return (
    <Dialog title="Optimize Funnel" onClose={onClose}>
      {step < 0 ? (
        <p className="text-sm text-slate-600">No step loses visitors in this range yet.</p>
      ) : (
        <div className="space-y-3 text-sm">
          <p>
            Step {step + 1} (<strong>{label}</strong>) loses the most visitors: {dropOff}% drop off before it.
          </p>
          <ul className="space-y-2" data-testid="funnel-suggestions">
            {ranked.map((s) => {
              const pattern = s.kind === 'pattern' ? patterns?.find((p) => p.id === s.id) : undefined;
              return (
                <li key={`${s.kind}-${s.id}`} className="rounded-md border border-slate-200 p-2">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{s.title}</span>
                    <Badge tone={s.kind === 'pattern' ? 'default' : 'secondary'}>{s.kind === 'pattern' ? 'Pattern' : 'Scan finding'}</Badge>
                  </div>
                  <p className="text-xs text-slate-500">Expected lift about {Math.round(s.lift)}%</p>
                  {canEdit && (
                    <div className="mt-2 flex gap-2">
                      {pattern?.rule_template && (
                        <Button variant="outline" onClick={() => setDeploying(pattern)}>
                          Deploy as Rule
                        </Button>
                      )}
                      <Button variant="outline" onClick={() => navigate(`${ROUTE_PATHS.tests}?new`)}>
                        Start a Test
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
