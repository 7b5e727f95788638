/** Estimated monthly revenue (each paying account at its plan's price), free trials, paid users. */
import { StatRow } from '../../../ui/dashboard/StatCard';
import type { AdminOverview } from '../../data/admin';

export function AdminStats({ stats }: { stats: AdminOverview['stats'] }) {
  const items: Array<[string, string]> = [
    ['Estimated Revenue', `$${stats.estimatedRevenue.toLocaleString('en-US')}`],
    ['Free Trials', String(stats.freeTrials)],
    ['Paid Users', String(stats.paidUsers)],
  ];
  return <StatRow stats={items} testId="admin-stats" />;
}
