/**
 * The floating 'LIVE KPI' card: the site's live record pushed by realtime within seconds of new
 * traffic, plus the KPIs (the stores keep both fresh while the card listens).
 */
import { useStore } from '@nanostores/react';
import { Activity, ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { $kpis, $kpisUpdatedAt } from '../data/kpis';
import { $live } from '../data/live';

export function LiveKpiCard() {
  const kpis = useStore($kpis);
  const live = useStore($live);
  const updatedAt = useStore($kpisUpdatedAt);
  // Folded by default where it is docked above the screen (below the lg width), so the screen starts high.
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 1024px)').matches);
  const rows: Array<[string, string, string]> = live
    ? [
        ['Active now', live.active_visitors.toLocaleString('en-US'), 'live-active'],
        ['Sessions today', live.sessions_today.toLocaleString('en-US'), 'live-sessions'],
        ['Conversions today', live.conversions_today.toLocaleString('en-US'), 'live-conversions'],
        ['CVR today', `${live.cvr_today.toFixed(2)}%`, 'live-cvr'],
      ]
    : kpis
      ? [
          ['CVR', `${kpis.cvr.toFixed(2)}%`, 'live-cvr'],
          ['Visitors', kpis.visitors.toLocaleString('en-US'), 'live-visitors'],
          ['Sessions today', kpis.sessionsToday.toLocaleString('en-US'), 'live-sessions'],
        ]
      : [];
  return (
    <aside
      aria-label="LIVE KPI"
      data-testid="live-kpi"
      className="mx-4 mt-4 rounded-lg border border-slate-200 bg-white/95 p-3 text-sm shadow-sm md:mx-6 lg:fixed lg:bottom-4 lg:right-4 lg:z-30 lg:m-0 lg:w-56 lg:shadow-lg"
    >
      <button type="button" className="flex w-full items-center justify-between" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="flex items-center gap-2 font-semibold">
          <Activity className="h-4 w-4 text-emerald-600" aria-hidden />
          LIVE KPI
        </span>
        {open ? <ChevronDown className="h-4 w-4" /> : <ChevronUp className="h-4 w-4" />}
      </button>
      {open &&
        (rows.length ? (
          <div aria-live="polite">
            <dl className="mt-2 grid grid-cols-2 gap-1">
              {rows.map(([label, value, id]) => (
                <div key={id} className="contents">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="text-right font-semibold" data-testid={id}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {/* Not a term's definition: outside the list, which may hold only dt/dd groups. */}
            {updatedAt && <p className="mt-1 text-xs text-slate-500">Updated {updatedAt.toLocaleTimeString()}</p>}
          </div>
        ) : (
          <p className="mt-2 text-xs text-slate-500">No live data yet. Install the tracking script to see live figures.</p>
        ))}
    </aside>
  );
}
