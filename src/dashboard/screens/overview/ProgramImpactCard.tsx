/**
 * 'Program impact': everyone else against the site's global holdout (who see no optimization and
 * no test) on conversion rate and revenue per visitor, each with the statistics engine's 95%
 * interval of the relative difference (GET /api/cro/sites/{site}/program-impact). Without a
 * holdout, or with too few visitors, it says so instead of showing figures.
 */
import { Shield } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Link } from '../../../ui/dashboard/Link';
import { errorMessage } from '../../data/errors';
import { fetchProgramImpact, type ImpactComparison, type ProgramImpact } from '../../data/groups';
import { interval, percent, signedPercent } from '../../../lib/format';

const money = (x: number) => x.toFixed(2);

function Row({ label, holdout, others, c }: { label: string; holdout: string; others: string; c: ImpactComparison | null }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 text-left font-medium text-slate-700">
        {label}
      </th>
      <td className="py-2 text-right">{holdout}</td>
      <td className="py-2 text-right">{others}</td>
      <td className="py-2 text-right" data-testid={`impact-${label === 'Conversion rate' ? 'conversion' : 'revenue'}`}>
        {c ? `${signedPercent(c.uplift)} ${interval(c.upliftCi)}` : 'not enough data'}
      </td>
    </tr>
  );
}

export function ProgramImpactCard({ siteId }: { siteId: string }) {
  const [impact, setImpact] = useState<ProgramImpact | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchProgramImpact(siteId).then(
      (x) => live && setImpact(x),
      (err) => live && setError(errorMessage(err, 'Could not load the program impact.')),
    );
    return () => {
      live = false;
    };
  }, [siteId]);

  return (
    <Card title="Program impact" testId="program-impact">
      {error && <p className="text-sm text-red-600">{error}</p>}
      {!error && !impact && <p className="text-sm text-slate-500">Loading…</p>}
      {impact && impact.holdoutPercentage === 0 && (
        <EmptyState icon={Shield} title="No global holdout">
          Hold out a share of visitors from every optimization and test in{' '}
          <Link href="/dashboard/settings" className="underline">
            Settings
          </Link>{' '}
          to measure what your program adds together.
        </EmptyState>
      )}
      {impact && impact.holdoutPercentage > 0 && (
        <div className="space-y-2 text-sm">
          <p className="text-slate-600">
            {impact.holdoutPercentage}% of visitors are held out since {new Date(impact.since).toLocaleDateString()}: everyone else against
            them, with 95% intervals.
          </p>
          <table className="w-full">
            <thead className="text-xs text-slate-500">
              <tr>
                <th />
                <th className="text-right font-normal">Holdout ({impact.holdout.visitors})</th>
                <th className="text-right font-normal">Everyone else ({impact.everyoneElse.visitors})</th>
                <th className="text-right font-normal">Difference</th>
              </tr>
            </thead>
            <tbody>
              <Row
                label="Conversion rate"
                holdout={percent(impact.holdout.rate)}
                others={percent(impact.everyoneElse.rate)}
                c={impact.conversion}
              />
              <Row
                label="Revenue per visitor"
                holdout={money(impact.holdout.revenuePerVisitor)}
                others={money(impact.everyoneElse.revenuePerVisitor)}
                c={impact.revenue}
              />
            </tbody>
          </table>
          {impact.reason && <p className="text-xs text-slate-500">{impact.reason}</p>}
        </div>
      )}
    </Card>
  );
}
