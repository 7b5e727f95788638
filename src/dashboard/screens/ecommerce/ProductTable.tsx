/** Products (or categories): views, add-to-cart rate, cart-to-purchase rate, units and revenue. */
import { formatMoney } from '../../../lib/ecommerce';
import { formatPercent } from '../../../lib/format';
import { Card } from '../../../ui/Card';
import type { ProductFigures } from '../../data/ecommerce';

export function ProductTable({
  title,
  testId,
  rows,
  currency,
}: {
  title: string;
  testId: string;
  rows: ProductFigures[];
  currency: string;
}) {
  return (
    <Card title={title} testId={testId}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No product events in this range yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="pr-3">Name</th>
                <th className="pr-3">Views</th>
                <th className="pr-3">Add to carts</th>
                <th className="pr-3">Add-to-cart rate</th>
                <th className="pr-3">Cart-to-purchase rate</th>
                <th className="pr-3">Units</th>
                <th className="pr-3">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} className="border-t border-slate-100" data-testid={`${testId}-row`} data-id={p.id}>
                  <td className="py-1 pr-3 font-medium text-slate-900">{p.name}</td>
                  <td className="pr-3" data-testid="views">
                    {p.views}
                  </td>
                  <td className="pr-3" data-testid="carts">
                    {p.carts}
                  </td>
                  <td className="pr-3">{formatPercent(p.addToCartRate * 100, 1)}</td>
                  <td className="pr-3">{formatPercent(p.cartToPurchaseRate * 100, 1)}</td>
                  <td className="pr-3" data-testid="units">
                    {p.units}
                  </td>
                  <td className="pr-3" data-testid="revenue">
                    {formatMoney(p.revenue, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
