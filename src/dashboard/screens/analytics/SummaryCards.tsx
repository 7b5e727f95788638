/** Summary cards of the selected range, each with its change against the range before. */
import { StatCard } from '../../../ui/dashboard/StatCard';
import type { AnalyticsReport } from '../../data/analytics';
import { changeColour, signedPercent } from '../../../ui/dashboard/change';

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const slug = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

export function SummaryCards({ report }: { report: AnalyticsReport }) {
  const s = report.summary;
  const c = report.changes;
  // With no sessions before the range, a change is not 0%: there is nothing to compare with.
  const noPrevious = report.previous.sessions === 0;
  const cards: Array<[string, string, number | null]> = [
    ['Visitors', s.visitors.toLocaleString('en-US'), c.visitors],
    ['Page Views', s.pageviews.toLocaleString('en-US'), null],
    ['Conversions', s.conversions.toLocaleString('en-US'), null],
    ['Conversion Rate', `${s.conversionRate.toFixed(2)}%`, c.conversionRate],
    ['Revenue', money(s.revenue), c.revenue],
    ['Bounce Rate', `${s.bounceRate.toFixed(1)}%`, null],
    ['Avg Duration', `${Math.round(s.avgDuration)}s`, null],
    ['Avg Scroll', `${Math.round(s.avgScroll)}%`, null],
  ];
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="analytics-summary">
      {cards.map(([label, value, change]) => (
        <StatCard key={label} label={label} value={value} testId={`summary-${slug(label)}`} valueTestId="summary-value">
          {change !== null &&
            (noPrevious ? (
              <p className="text-xs text-slate-500">No data for the previous {report.days} days</p>
            ) : (
              <p className="text-xs text-slate-500">
                <span className={changeColour(change)}>{signedPercent(change)}</span> vs previous {report.days} days
              </p>
            ))}
        </StatCard>
      ))}
    </div>
  );
}

export { money };
