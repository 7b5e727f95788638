/** The header's compact KPI strip: real figures when they exist, fixed fallbacks otherwise. */
import { useStore } from '@nanostores/react';
import { $kpis, KPI_FALLBACKS } from '../data/kpis';

export function KpiStrip() {
  const kpis = useStore($kpis);
  const cvr = kpis?.cvr ?? KPI_FALLBACKS.cvr;
  const change = kpis?.change ?? KPI_FALLBACKS.change;
  const visitors = kpis?.visitors ?? KPI_FALLBACKS.visitors;
  const optimizations = kpis?.activeOptimizations ?? KPI_FALLBACKS.optimizations;
  const micro = kpis?.microConversions ?? KPI_FALLBACKS.microConversions;
  return (
    <dl
      className="hidden items-center gap-4 text-xs lg:flex"
      data-testid="kpi-strip"
      title={kpis ? undefined : 'Sample values until your site sends data'}
    >
      <Item label="CVR" value={`${cvr.toFixed(2)}%`} extra={`${change >= 0 ? '+' : ''}${change.toFixed(1)}%`} />
      <Item label="Visitors" value={visitors.toLocaleString('en-US')} />
      <Item label="Optimizations" value={String(optimizations)} />
      <Item label="Micro conversions" value={String(micro)} />
    </dl>
  );
}

function Item({ label, value, extra }: { label: string; value: string; extra?: string }) {
  return (
    <div className="flex items-baseline gap-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
      {extra && <dd className="text-emerald-600">{extra}</dd>}
    </div>
  );
}
