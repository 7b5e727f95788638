/** 'Recent Test Results': the latest running or completed tests with their leading variant's uplift and chance to win. */
import { useStore } from '@nanostores/react';
import { FlaskConical } from 'lucide-react';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Link } from '../../../ui/dashboard/Link';
import { $experimentResults, $experiments, leadingVariant } from '../../data/experiments';

const pct = (x: number, signed = false) => `${signed && x > 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

export function RecentTestsCard() {
  const experiments = useStore($experiments);
  const results = useStore($experimentResults);
  const recent = (experiments ?? []).filter((x) => x.status === 'running' || x.status === 'completed').slice(0, 5);
  return (
    <Card title="Recent Test Results">
      {recent.length === 0 ? (
        <EmptyState icon={FlaskConical} title="No test results yet">
          Results appear when an A/B test completes.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="recent-tests">
          {recent.map((x) => {
            const lead = leadingVariant(results[x.id]);
            return (
              <li key={x.id} className="flex items-center justify-between gap-2 py-2">
                <Link href="/dashboard/tests" className="font-medium text-slate-900 hover:underline">
                  {x.name}
                </Link>
                <span className="text-slate-600">
                  {x.status} ·{' '}
                  {lead
                    ? `${pct(lead.stats!.uplift, true)} uplift, ${pct(lead.stats!.chance_to_beat_control)} chance to win`
                    : 'no results yet'}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
