/** The floating 'LIVE KPI' card: refreshed every 30 s and whenever the site record changes. */
import { useStore } from '@nanostores/react';
import { Activity, ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { $kpis, $kpisUpdatedAt, loadKpis } from '../stores/kpis';
import { $currentSite } from '../stores/sites';

const LIVE_REFRESH_MS = 30 * 1000;

export function LiveKpiCard() {
  const kpis = useStore($kpis);
  const updatedAt = useStore($kpisUpdatedAt);
  const site = useStore($currentSite);
  // Folded by default on small screens, where it would cover the content.
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 768px)').matches);
  const siteId = site?.id ?? null;
  // A realtime change of the site (its `updated_at`) refetches at once.
  useEffect(() => {
    if (siteId) void loadKpis(siteId);
  }, [siteId, site?.updated_at]);
  useEffect(() => {
    if (!siteId) return;
    const timer = setInterval(() => void loadKpis(siteId), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [siteId]);
  return (
    <aside aria-label="LIVE KPI" data-testid="live-kpi" className="fixed bottom-4 right-4 z-30 w-44 rounded-lg md:w-56 border border-slate-200 bg-white/95 p-3 text-sm shadow-lg">
      <button type="button" className="flex w-full items-center justify-between" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="flex items-center gap-2 font-semibold"><Activity className="h-4 w-4 text-emerald-600" aria-hidden />LIVE KPI</span>
        {open ? <ChevronDown className="h-4 w-4" /> : <ChevronUp className="h-4 w-4" />}
      </button>
      {open && (kpis ? (
        <dl className="mt-2 grid grid-cols-2 gap-1">
          <dt className="text-slate-500">CVR</dt><dd className="text-right font-semibold">{kpis.cvr.toFixed(2)}%</dd>
          <dt className="text-slate-500">Visitors</dt><dd className="text-right font-semibold">{kpis.visitors.toLocaleString('en-US')}</dd>
          <dt className="text-slate-500">Sessions today</dt><dd className="text-right font-semibold">{kpis.sessionsToday.toLocaleString('en-US')}</dd>
          {updatedAt && <dd className="col-span-2 text-xs text-slate-400">Updated {updatedAt.toLocaleTimeString()}</dd>}
        </dl>
      ) : (
        <p className="mt-2 text-xs text-slate-500">No live data yet. Install the tracking script to see live figures.</p>
      ))}
    </aside>
  );
}
