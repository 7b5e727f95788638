/**
 * The overview's Active Optimizations: up to 4 of the site's enabled rules with their type, status
 * (running, or testing while in testing mode), health and rollout, and a way to all of them.
 */
import { useStore } from '@nanostores/react';
import { Rocket } from 'lucide-react';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { HealthBadge } from '../../../ui/dashboard/HealthBadge';
import { Link } from '../../../ui/dashboard/Link';
import { rolloutCaption } from '../../../ui/dashboard/rolloutCaption';
import { Spinner } from '../../../ui/Spinner';
import { $rules } from '../../data/rules';

const SHOWN = 4;

export function ActiveOptimizationsCard() {
  const rules = useStore($rules);
  const enabled = (rules ?? []).filter((r) => r.enabled);
  return (
    <Card title="Active Optimizations" testId="active-optimizations">
      {rules === undefined ? (
        <Spinner />
      ) : enabled.length === 0 ? (
        <EmptyState icon={Rocket} title="No active optimizations">
          Deploy an optimization to see its lift here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {enabled.slice(0, SHOWN).map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="active-optimization">
              <div>
                <p className="font-medium text-slate-900">{r.name || r.rule_type}</p>
                <p className="text-xs text-slate-500">
                  {r.rule_type} · {rolloutCaption(r.rollout_percentage)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={r.testing_mode ? 'warning' : 'success'}>{r.testing_mode ? 'testing' : 'running'}</Badge>
                <HealthBadge status={r.health_status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link href="/dashboard/optimizations" className="font-medium text-brand-700 hover:underline">
          {enabled.length > SHOWN ? `View all ${enabled.length} optimizations` : 'Manage optimizations'}
        </Link>
      </p>
    </Card>
  );
}
