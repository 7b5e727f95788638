/**
 * The overview's four KPI cards from `$kpis` (last 7 days against the 7 before, from rollups; the
 * revenue impact measured, with how in its tooltip), or an honest "no data yet" before the site
 * has traffic. Sessions Today also says how many of today's sessions were recorded
 * (session_recordings started since midnight), and a new recording refetches the figures.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $kpis, refetchKpis } from '../../data/kpis';
import { recordingsTodayState } from '../../data/recordings';
import { $currentSite } from '../../data/sites';
import { can } from '../../../lib/plans';
import { StatCard } from '../../../ui/dashboard/StatCard';
import { changeColour, signedPercent } from '../../../ui/dashboard/change';
import { explainRevenueImpact, formatRevenueImpact } from '../../../lib/revenue-impact';

/** Today's recordings, live; each new one refetches the KPIs (the realtime refresh on new recordings). */
function useRecordedToday(): number | undefined {
  const recorded = useStore(recordingsTodayState).value;
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (recorded !== undefined && last.current !== undefined && recorded !== last.current) void refetchKpis();
    last.current = recorded;
  }, [recorded]);
  return recorded;
}

export function KpiCards() {
  const kpis = useStore($kpis);
  const site = useStore($currentSite);
  const recorded = useRecordedToday();
  const showRecorded = can(site?.plan_tier, 'recordings') && recorded !== undefined;
  const cards: Array<[string, string | null, number | null, string?]> = [
    ['Conversion Rate', kpis ? `${kpis.cvr.toFixed(2)}%` : null, kpis ? kpis.change : null],
    ['Active Optimizations', kpis ? String(kpis.activeOptimizations) : null, kpis ? kpis.changes.activeOptimizations : null],
    [
      'Revenue Impact',
      kpis ? formatRevenueImpact(kpis.revenueImpact) : null,
      kpis ? kpis.changes.revenueImpact : null,
      kpis ? explainRevenueImpact(kpis.revenueImpactDetail) : undefined,
    ],
    ['Sessions Today', kpis ? kpis.sessionsToday.toLocaleString('en-US') : null, kpis ? kpis.changes.sessionsToday : null],
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="kpi-cards">
      {cards.map(([label, value, change, explanation]) => (
        <StatCard
          key={label}
          label={label}
          value={explanation ? <span title={explanation}>{value ?? '—'}</span> : (value ?? '—')}
          testId={`kpi-${label.toLowerCase().replace(/\s+/g, '-')}`}
          valueTestId="kpi-value"
        >
          <p className="text-xs text-slate-500">
            {value === null ? (
              'No data yet'
            ) : change === null ? (
              'vs last week'
            ) : (
              <>
                <span className={changeColour(change)}>{signedPercent(change)}</span> vs last week
              </>
            )}
          </p>
          {label === 'Sessions Today' && showRecorded && (
            <p className="mt-1 text-xs text-slate-500" data-testid="recordings-today">
              {recorded.toLocaleString('en-US')} recorded today
            </p>
          )}
          {explanation && (
            <p className="mt-1 text-xs text-slate-500" data-testid="revenue-impact-explanation" title={explanation}>
              {explanation.split('\n')[0]}
            </p>
          )}
        </StatCard>
      ))}
    </div>
  );
}
