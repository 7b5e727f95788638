/**
 * Enterprise & Ecom: each variant's orders after its visitors' first exposure, from the shop's
 * orders (deduplicated, the server's figure winning): average order value and revenue per visitor,
 * against the control by the statistics engine (a ratio metric and a mean).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatMoney } from '../../../lib/ecommerce';
import { can } from '../../../lib/plans';
import { Card } from '../../../ui/Card';
import { $orderValue, $orderValueTest, type VariantOrders } from '../../data/ecommerce';
import { useSiteContext } from '../../data/siteContext';
import { percent, signedPercent } from './format';

const versus = (uplift: number | null, chance: number | null, control: boolean) =>
  control ? 'baseline' : uplift === null ? 'not enough data' : `${signedPercent(uplift)}, ${percent(chance ?? 0)} chance to win`;

export function OrderValueCard({ experimentId, names }: { experimentId: string; names: Record<string, string> }) {
  const { site } = useSiteContext();
  const allowed = !!site && can(site.plan_tier, 'ecommerce');
  const state = useStore($orderValue);
  useEffect(() => {
    if (!allowed) return;
    $orderValueTest.set(experimentId);
    return () => $orderValueTest.set(null);
  }, [experimentId, allowed]);
  const data = state.value;
  if (!allowed || !data) return null;
  const row = (v: VariantOrders, i: number) => (
    <tr key={v.key} className="border-t border-slate-100" data-testid={`order-value-${v.key}`}>
      <td className="py-2 pr-3 font-medium">{names[v.key] ?? v.key}</td>
      <td className="pr-3">{v.visitors}</td>
      <td className="pr-3" data-testid="orders">
        {v.orders}
      </td>
      <td className="pr-3" data-testid="aov">
        {formatMoney(v.aov, data.currency)}
      </td>
      <td className="pr-3 text-xs text-slate-500">{versus(v.aovUplift, v.aovChanceToBeatControl, i === 0)}</td>
      <td className="pr-3" data-testid="rpv">
        {formatMoney(v.revenuePerVisitor, data.currency)}
      </td>
      <td className="pr-3 text-xs text-slate-500">{versus(v.rpvUplift, v.rpvChanceToBeatControl, i === 0)}</td>
    </tr>
  );
  return (
    <Card title="Orders per variant" testId="order-value">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="pr-3">Variant</th>
            <th className="pr-3">Visitors</th>
            <th className="pr-3">Orders</th>
            <th className="pr-3">Average order value</th>
            <th className="pr-3" />
            <th className="pr-3">Revenue per visitor</th>
            <th className="pr-3" />
          </tr>
        </thead>
        <tbody>{data.variants.map(row)}</tbody>
      </table>
    </Card>
  );
}
