/** The overview's four KPI cards: real figures from `$kpis`, or an honest "no data yet". */
import { useStore } from '@nanostores/react';
import { $kpis } from '../../stores/kpis';
import { Card } from '../../components/Card';

export function KpiCards() {
  const kpis = useStore($kpis);
  const cards: Array<[string, string | null]> = [
    ['Conversion Rate', kpis ? `${kpis.cvr.toFixed(2)}%` : null],
    ['Active Optimizations', kpis ? String(kpis.activeOptimizations) : null],
    ['Revenue Impact', kpis ? `$${(kpis.revenueImpact / 1000).toFixed(1)}K` : null],
    ['Sessions Today', kpis ? kpis.sessionsToday.toLocaleString('en-US') : null],
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="kpi-cards">
      {cards.map(([label, value]) => (
        <Card key={label}>
          <p className="text-sm text-slate-500">{label}</p>
          <p className="mt-1 text-2xl font-bold">{value ?? '—'}</p>
          <p className="text-xs text-slate-500">{value === null ? 'No data yet' : kpis && label === 'Conversion Rate' ? `${kpis.change >= 0 ? '+' : ''}${kpis.change.toFixed(1)}% vs last week` : 'vs last week'}</p>
        </Card>
      ))}
    </div>
  );
}
