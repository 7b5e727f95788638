/**
 * A bandit's weight history: each period's weights, the exposures in it and the traffic-split
 * check against that period's weights. A bandit never picks a winner: the owner declares one.
 */
import { Card } from '../../../ui/Card';
import type { ExperimentResults } from '../../data/experiments';
import { formatDate, pValue, percent } from './format';

export function BanditCard({ results }: { results: ExperimentResults }) {
  const bandit = results.bandit;
  if (!bandit) return null;
  return (
    <Card title="Bandit: weight history">
      <p className="mb-2 text-xs text-slate-600">
        Weights move every {bandit.interval_hours} hours to each arm's probability of being best, never below {percent(bandit.min_weight)}.
        Visitors keep the variant they first saw. The bandit never declares a winner: you do.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="bandit-history">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2 pr-3">From</th>
              {results.variants.map((v) => (
                <th key={v.key} className="pr-3">
                  {v.name}
                </th>
              ))}
              <th className="pr-3">Traffic split</th>
            </tr>
          </thead>
          <tbody>
            {bandit.periods.map((p) => (
              <tr key={p.started_at} className="border-t border-slate-100" data-testid="bandit-period">
                <td className="py-2 pr-3">{formatDate(p.started_at)}</td>
                {p.weights.map((w, i) => (
                  <td key={results.variants[i]?.key ?? i} className="pr-3" data-testid="bandit-weight">
                    {percent(w)}
                    <span className="text-xs text-slate-500"> ({(p.observed[i] ?? 0).toLocaleString('en-US')})</span>
                  </td>
                ))}
                <td className="pr-3" title="Exposures in this period against this period's weights (chi-squared)">
                  {p.srm_p_value < 0.001 ? 'mismatch' : 'as configured'} (p = {pValue(p.srm_p_value)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
