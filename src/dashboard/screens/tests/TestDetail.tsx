/**
 * One test's results: per-variant figures from the server's statistics engine, the intervals drawn,
 * the traffic-split verdict, the guardrails' verdicts, why the test was paused automatically and
 * which optimizations give way to it while it runs.
 */
import { AlertTriangle, ArrowLeft, Info, PauseCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { figureMethod, type MethodContext } from '../../../lib/experiment-statistics';
import { useStore } from '@nanostores/react';
import { $audiences } from '../../data/audiences';
import { $groups } from '../../data/groups';
import { groupLabel } from './format';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EditVisuallyButton } from '../../../ui/dashboard/EditVisuallyButton';
import type { ExperimentResults } from '../../data/experiments';
import type { ExperimentRecord, RuleRecord } from '../../data/records';
import { BanditCard } from './BanditCard';
import { DesignCard } from './DesignCard';
import { MainEffectsCard } from './MainEffectsCard';
import { TEST_TYPE_LABELS } from '../../../lib/experiment-parts';
import { GuardrailsCard } from './GuardrailsCard';
import { IntervalChart } from './IntervalChart';
import { OrderValueCard } from './OrderValueCard';
import { StatisticsNote } from './StatisticsNote';
import { formatDate, interval, pValue, percent, signedPercent } from './format';

export function TestDetail({
  domain,
  experiment,
  results,
  yieldingRules,
  actions,
  onBack,
}: {
  /** The site's domain (the visual editor's default page); '' for a viewer, who cannot open the editor. */
  domain: string;
  experiment: ExperimentRecord;
  results: ExperimentResults | undefined;
  /** Enabled optimizations on the tested element, not applied on the test's pages while it runs. */
  yieldingRules: RuleRecord[];
  actions: ReactNode;
  onBack: () => void;
}) {
  const revenue = results?.goal.type === 'revenue';
  const type = experiment.test_type || 'ab';
  // A multi-page or multivariate test changes several elements: the editor edits one.
  const parts = type === 'multi_page' || type === 'multivariate';
  const audiences = useStore($audiences);
  const groups = useStore($groups);
  // CUPED-adjusted and corrected figures by default; the unadjusted ones on demand.
  const [unadjusted, setUnadjusted] = useState(false);
  const shown = results?.variants.map((v) => ({ ...v, stats: unadjusted ? (v.unadjusted_stats ?? v.stats) : v.stats }));
  const method = (cuped: boolean, stratified: boolean): MethodContext => ({
    cuped,
    stratifiedBy: stratified ? (results?.postStratification?.dimension ?? '') : '',
    windowDays: results?.cuped?.window_days ?? 0,
    correction: unadjusted ? 'none' : (results?.correction.method ?? 'none'),
    familySize: results?.correction.family_size ?? 0,
  });
  return (
    <div className="space-y-4" data-testid="test-detail">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" />
          All tests
        </Button>
        <div className="flex gap-2">{actions}</div>
      </div>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{experiment.name}</h2>
        {experiment.hypothesis && <p className="text-sm text-slate-600">{experiment.hypothesis}</p>}
        <p className="text-xs text-slate-500" data-testid="test-summary">
          {TEST_TYPE_LABELS[type]} · {type === 'multi_page' ? `${experiment.pages?.length ?? 0} pages` : experiment.url_pattern || '/*'}
          {!parts && ` · ${type === 'split_url' ? 'redirect' : experiment.selector || 'page'}`} · {experiment.status}
          {experiment.audience && ` · audience: ${audiences?.find((a) => a.id === experiment.audience)?.name ?? 'an audience'}`}
          {experiment.exclusion_group && ` · ${groupLabel(groups, experiment)}`}
          {experiment.winner && ` · winner: ${experiment.variants?.find((v) => v.key === experiment.winner)?.name ?? experiment.winner}`}
        </p>
      </div>
      {experiment.test_type === 'split_url' && (
        <ul className="text-xs text-slate-600" data-testid="variant-urls">
          {experiment.variants?.map((v) => (
            <li key={v.key}>
              {v.name}: {v.url ?? `${experiment.url_pattern} (original)`}
            </li>
          ))}
        </ul>
      )}
      <DesignCard experiment={experiment} />
      {domain && !parts && type !== 'split_url' && (
        <EditVisuallyButton
          domain={domain}
          urlPattern={experiment.url_pattern}
          label={experiment.status === 'draft' ? 'Edit visually' : 'View in the editor (read-only)'}
          target={{ kind: 'experiment', id: experiment.id, variant: experiment.variants?.find((v) => v.key !== 'control')?.key }}
        />
      )}
      {results?.pause && (
        <div
          role="status"
          data-testid="pause-reason"
          className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <PauseCircle className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Paused automatically on {formatDate(results.pause.at)}: {results.pause.reason}
          </span>
        </div>
      )}
      {yieldingRules.length > 0 && (
        <div
          role="status"
          data-testid="yielding-rules"
          className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            This test takes precedence over {yieldingRules.length === 1 ? 'the optimization' : 'the optimizations'}{' '}
            {yieldingRules.map((r) => `“${r.name || r.rule_type}”`).join(', ')} on the same element:{' '}
            {yieldingRules.length === 1 ? 'it is' : 'they are'} not applied on the test's pages while the test runs.
          </span>
        </div>
      )}
      {!results ? (
        <Card>
          <p className="text-sm text-slate-600">
            {experiment.status === 'draft' ? 'Start the test to collect results.' : 'Loading results…'}
          </p>
        </Card>
      ) : (
        <>
          {!results.srm.srm_ok && (
            <div role="alert" className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <AlertTriangle className="h-4 w-4" />
              Sample ratio mismatch: results are not trustworthy
            </div>
          )}
          <Card title={`${type === 'multivariate' ? 'Combinations' : 'Results'}: ${results.goal.name || 'goal'}`}>
            <StatisticsNote results={results} unadjusted={unadjusted} onToggle={() => setUnadjusted((u) => !u)} />
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase text-slate-500">
                  <tr>
                    <th className="py-2 pr-3">Variant</th>
                    <th className="pr-3">Exposed users</th>
                    <th className="pr-3">{revenue ? 'Buyers' : 'Conversions'}</th>
                    <th className="pr-3">{revenue ? 'Revenue / visitor' : 'Rate'}</th>
                    <th className="pr-3">Uplift (95% interval)</th>
                    <th className="pr-3">Chance to win</th>
                    <th className="pr-3">p-value</th>
                    <th className="pr-3">Always-valid p-value</th>
                  </tr>
                </thead>
                <tbody>
                  {shown!.map((v) => {
                    const m = method(v.stats?.cuped ?? false, v.stats?.post_stratified ?? false);
                    const corrected = !unadjusted && v.stats?.p_value_adjusted != null;
                    return (
                      <tr key={v.key} className="border-t border-slate-100" data-testid={`variant-${v.key}`}>
                        <td className="py-2 pr-3 font-medium">{v.name}</td>
                        <td className="pr-3" data-testid="users">
                          {v.users.toLocaleString('en-US')}
                        </td>
                        <td className="pr-3" data-testid="conversions">
                          {v.conversions.toLocaleString('en-US')}
                        </td>
                        <td className="pr-3" data-testid="rate">
                          {revenue ? `$${v.revenue_per_visitor.toFixed(2)}` : percent(v.rate)}
                        </td>
                        <td className="pr-3" data-testid="uplift" title={v.stats ? figureMethod('uplift', m) : undefined}>
                          {v.stats
                            ? `${signedPercent(v.stats.uplift)} ${interval(corrected ? v.stats.uplift_ci_adjusted! : v.stats.uplift_ci)}`
                            : 'baseline'}
                        </td>
                        <td className="pr-3" data-testid="chance" title={v.stats ? figureMethod('chance', m) : undefined}>
                          {v.stats ? percent(v.stats.chance_to_beat_control) : '—'}
                        </td>
                        <td
                          className="pr-3"
                          data-testid="p-value"
                          title={
                            v.stats
                              ? `${figureMethod('p_value', m)}${corrected ? ` (unadjusted ${pValue(v.stats.p_value)})` : ''}`
                              : undefined
                          }
                        >
                          {v.stats ? pValue(corrected ? v.stats.p_value_adjusted! : v.stats.p_value) : '—'}
                        </td>
                        <td
                          className="pr-3"
                          data-testid="sequential-p-value"
                          title={v.stats ? figureMethod('sequential_p_value', m) : undefined}
                        >
                          {v.stats ? pValue(v.stats.sequential_p_value) : '—'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="mt-4">
              <IntervalChart
                variants={shown!.map((v) =>
                  v.stats?.uplift_ci_adjusted && !unadjusted ? { ...v, stats: { ...v.stats, uplift_ci: v.stats.uplift_ci_adjusted } } : v,
                )}
              />
            </div>
            <p className="mt-2 text-xs text-slate-500" data-testid="srm-verdict">
              Traffic split: {results.srm.srm_ok ? 'as configured' : 'mismatch'} (p = {pValue(results.srm.p_value)})
            </p>
          </Card>
          {!revenue && results.variants.some((v) => v.revenue_stats) && (
            <Card title="Revenue per visitor">
              <table className="w-full text-left text-sm">
                <tbody>
                  {results.variants.map((v) => (
                    <tr key={v.key} className="border-t border-slate-100" data-testid={`revenue-${v.key}`}>
                      <td className="py-2 pr-3 font-medium">{v.name}</td>
                      <td className="pr-3">${v.revenue_per_visitor.toFixed(2)}</td>
                      <td className="pr-3">
                        {v.revenue_stats ? `${signedPercent(v.revenue_stats.uplift)} ${interval(v.revenue_stats.uplift_ci)}` : 'baseline'}
                      </td>
                      <td className="pr-3">{v.revenue_stats ? `${percent(v.revenue_stats.chance_to_beat_control)} chance to win` : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )}
          <MainEffectsCard results={results} unadjusted={unadjusted} />
          <BanditCard results={results} />
          {results.guardrails.length > 0 && <GuardrailsCard guardrails={results.guardrails} />}
          <OrderValueCard experimentId={experiment.id} names={Object.fromEntries(results.variants.map((v) => [v.key, v.name]))} />
        </>
      )}
    </div>
  );
}
