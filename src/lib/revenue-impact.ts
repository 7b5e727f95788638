/**
 * The measured revenue impact the KPI route answers (pocketbase/analytics/impact.go), and how the
 * Overview's card explains it: each shipped winner and each rule with a holdout, its uplift with
 * the 95% interval, what it was counted over, and plainly why the figure is 0 when nothing is
 * measured yet.
 */
export interface ImpactSource {
  kind: 'experiment' | 'rule';
  id: string;
  name: string;
  since: string;
  unit: 'visitor' | 'session';
  exposed: number;
  baselinePerUnit: number;
  uplift: number;
  upliftLow: number;
  upliftHigh: number;
  impact: number;
  low: number;
  high: number;
  measured: boolean;
}

export interface RevenueImpact {
  total: number;
  low: number;
  high: number;
  sources: ImpactSource[];
  lastWeek: number;
  previousWeek: number;
}

export const NO_REVENUE_IMPACT: RevenueImpact = { total: 0, low: 0, high: 0, sources: [], lastWeek: 0, previousWeek: 0 };

const money = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** The card's value: dollars in thousands with one decimal and a K suffix. */
export function formatRevenueImpact(total: number): string {
  return `${total < 0 ? '-' : ''}$${(Math.abs(total) / 1000).toFixed(1)}K`;
}

/** The tooltip: how the figure was measured, one line per source, or why it is 0. */
export function explainRevenueImpact(impact: RevenueImpact): string {
  const measured = impact.sources.filter((s) => s.measured);
  if (measured.length === 0) {
    return impact.sources.length === 0
      ? 'Nothing measured yet: revenue impact counts A/B test winners you have shipped and optimizations rolled out to less than 100% of visitors (the rest are the comparison group).'
      : 'Nothing measured yet: the shipped winners and partly rolled-out optimizations need at least two visitors on each side before their effect on revenue can be measured.';
  }
  const lines = measured.map((s) => {
    const unit = s.unit === 'visitor' ? 'visitors' : 'sessions';
    const against = s.kind === 'experiment' ? 'the control in its test' : 'sessions it did not reach';
    return `${s.name}: ${s.uplift >= 0 ? '+' : ''}${s.uplift}% revenue per ${s.unit} against ${against} (95% interval ${s.upliftLow}% to ${s.upliftHigh}%) x ${s.exposed.toLocaleString('en-US')} ${unit} reached x ${money(s.baselinePerUnit)} per ${s.unit} = ${money(s.impact)}`;
  });
  return [
    `Measured incremental revenue ${money(impact.total)} (95% interval ${money(impact.low)} to ${money(impact.high)}):`,
    ...lines,
  ].join('\n');
}
