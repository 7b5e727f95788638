/** The range's headline figures, each with its change from the range before. */
import { formatMoney, relativeChange } from '../../../lib/ecommerce';
import { formatCount, formatPercent } from '../../../lib/format';
import { StatCard } from '../../../ui/dashboard/StatCard';
import type { EcommerceReport } from '../../data/ecommerce';

export function SummaryCards({ report }: { report: EcommerceReport }) {
  const { current: c, previous: p, currency } = report;
  const money = (v: number) => formatMoney(v, currency);
  const figures: [string, string, number, number, string][] = [
    ['Revenue', money(c.revenue), c.revenue, p.revenue, 'revenue'],
    ['Orders', formatCount(c.orders), c.orders, p.orders, 'orders'],
    ['Average order value', money(c.aov), c.aov, p.aov, 'aov'],
    ['Revenue per visitor', money(c.revenuePerVisitor), c.revenuePerVisitor, p.revenuePerVisitor, 'rpv'],
    ['Purchase conversion rate', formatPercent(c.conversionRate * 100), c.conversionRate, p.conversionRate, 'conversion'],
  ];
  return (
    <div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="ecommerce-summary">
        {figures.map(([label, value, cur, prev, id]) => {
          const change = relativeChange(cur, prev);
          return (
            <StatCard key={id} label={label} value={value} testId={`ecommerce-${id}`} valueTestId={`ecommerce-${id}-value`}>
              <p className="mt-1 text-xs text-slate-500" data-testid={`ecommerce-${id}-change`}>
                {change === null
                  ? 'No figures before'
                  : `${change >= 0 ? '+' : ''}${formatPercent(change * 100, 1)} vs the ${report.days} days before`}
              </p>
            </StatCard>
          );
        })}
      </div>
      {c.unconvertedOrders > 0 && (
        <p className="mt-2 text-sm text-amber-800" data-testid="ecommerce-unconverted">
          {c.unconvertedOrders} order(s) in {c.unconvertedCurrencies.join(', ')} are left out of revenue: add their rate to {currency} in
          the settings above.
        </p>
      )}
    </div>
  );
}
