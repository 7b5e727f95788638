/**
 * The header's compact KPI strip: the site's real figures; '—' with a hint before it has traffic;
 * the fixed fallbacks only when the figures could not be loaded, and then labelled as unavailable.
 */
import { useStore } from '@nanostores/react';
import { $kpis, $kpiStatus, KPI_FALLBACKS } from '../data/kpis';
import { changeColour, signedPercent } from '../../ui/dashboard/change';
import { usageOf, usageSentence } from '../../ui/dashboard/usage';
import { $currentSite } from '../data/sites';

const NONE = '—';

export function KpiStrip() {
  const kpis = useStore($kpis);
  const status = useStore($kpiStatus);
  const site = useStore($currentSite);
  const usage = site ? usageOf(site) : null;
  const figures = kpis
    ? { cvr: kpis.cvr, change: kpis.change, visitors: kpis.visitors, optimizations: kpis.activeOptimizations, micro: kpis.microConversions }
    : status === 'error'
      ? {
          cvr: KPI_FALLBACKS.cvr,
          change: KPI_FALLBACKS.change,
          visitors: KPI_FALLBACKS.visitors,
          optimizations: KPI_FALLBACKS.optimizations,
          micro: KPI_FALLBACKS.microConversions,
        }
      : null;
  const hint =
    status === 'error'
      ? 'Figures unavailable: these are sample values, not your data'
      : status === 'empty'
        ? 'No visits recorded yet: add the tracking script in Speed & Tracking'
        : undefined;
  return (
    <dl className="hidden items-center gap-4 text-xs lg:flex" data-testid="kpi-strip" data-status={status} title={hint}>
      <Item
        label="CVR"
        value={figures ? `${figures.cvr.toFixed(2)}%` : NONE}
        extra={figures ? signedPercent(figures.change) : undefined}
        extraClass={figures ? changeColour(figures.change) : undefined}
      />
      <Item label="Visitors" value={figures ? figures.visitors.toLocaleString('en-US') : NONE} />
      <Item label="Optimizations" value={figures ? String(figures.optimizations) : NONE} />
      <Item label="Micro conversions" value={figures ? String(figures.micro) : NONE} />
      {usage?.limit != null && (
        <div className="flex items-baseline gap-1" title={usageSentence(usage)} data-testid="kpi-usage">
          <dt className="text-slate-500">Plan usage</dt>
          <dd className={`font-semibold ${usage.level >= 100 ? 'text-red-700' : usage.level > 0 ? 'text-amber-700' : 'text-slate-900'}`}>
            {usage.percent}%
          </dd>
        </div>
      )}
      {status === 'error' && <dd className="text-amber-700">(unavailable)</dd>}
      {status === 'empty' && <dd className="text-slate-500">No visits yet</dd>}
    </dl>
  );
}

function Item({ label, value, extra, extraClass }: { label: string; value: string; extra?: string; extraClass?: string }) {
  return (
    <div className="flex items-baseline gap-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
      {extra && <dd className={extraClass}>{extra}</dd>}
    </div>
  );
}
