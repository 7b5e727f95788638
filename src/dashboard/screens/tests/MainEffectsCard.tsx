/**
 * A multivariate test's main effects: each section's alternatives, pooled over every combination
 * that shows them, against the section's original, with the correction in force over all of
 * them (the server's figures, pocketbase/experiments/main_effects.go).
 */
import { figureMethod, type MethodContext } from '../../../lib/experiment-statistics';
import { Card } from '../../../ui/Card';
import type { ExperimentResults } from '../../data/experiments';
import { interval, pValue, percent, signedPercent } from './format';

export function MainEffectsCard({ results, unadjusted }: { results: ExperimentResults; unadjusted: boolean }) {
  const effects = results.mainEffects;
  if (!effects) return null;
  const revenue = results.goal.type === 'revenue';
  const context: MethodContext = {
    cuped: false,
    windowDays: 0,
    correction: unadjusted ? 'none' : effects.correction.method,
    familySize: effects.correction.family_size,
  };
  return (
    <Card title="Sections (main effects)">
      <p className="mb-2 text-xs text-slate-500">
        Each alternative pooled over every combination that shows it, against the section's original.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="main-effects">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2 pr-3">Section</th>
              <th className="pr-3">Alternative</th>
              <th className="pr-3">Exposed users</th>
              <th className="pr-3">{revenue ? 'Revenue / visitor' : 'Rate'}</th>
              <th className="pr-3">Uplift (95% interval)</th>
              <th className="pr-3">p-value</th>
            </tr>
          </thead>
          <tbody>
            {effects.sections.flatMap((s) =>
              s.alternatives.map((a, j) => {
                const st = a.stats;
                const corrected = !unadjusted && st?.p_value_adjusted != null;
                return (
                  <tr key={`${s.key}-${a.key}`} className="border-t border-slate-100" data-testid={`effect-${s.key}-${a.key}`}>
                    <td className="py-2 pr-3 font-medium">{j === 0 ? s.name : ''}</td>
                    <td className="pr-3">{a.name}</td>
                    <td className="pr-3">{a.users.toLocaleString('en-US')}</td>
                    <td className="pr-3">{revenue ? `$${a.revenue_per_visitor.toFixed(2)}` : percent(a.rate)}</td>
                    <td className="pr-3" title={st ? figureMethod('uplift', context) : undefined}>
                      {st ? `${signedPercent(st.uplift)} ${interval(corrected ? st.uplift_ci_adjusted! : st.uplift_ci)}` : 'baseline'}
                    </td>
                    <td className="pr-3" title={st ? figureMethod('p_value', context) : undefined}>
                      {st ? pValue(corrected ? st.p_value_adjusted! : st.p_value) : '—'}
                    </td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
