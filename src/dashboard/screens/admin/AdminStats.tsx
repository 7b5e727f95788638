/** Estimated revenue (paid sites x 99 USD), free trials, paid users. */
import { Card } from '../../../ui/Card';
import type { AdminOverview } from '../../data/admin';

export function AdminStats({ stats }: { stats: AdminOverview['stats'] }) {
  const items: Array<[string, string]> = [
    ['Estimated Revenue', `$${stats.estimatedRevenue.toLocaleString('en-US')}`],
    ['Free Trials', String(stats.freeTrials)],
    ['Paid Users', String(stats.paidUsers)],
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3" data-testid="admin-stats">
      {items.map(([label, value]) => (
        <Card key={label}>
          <p className="text-sm text-slate-500">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </Card>
      ))}
    </div>
  );
}
