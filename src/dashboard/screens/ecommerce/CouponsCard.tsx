/** Coupons: the orders that used each, their revenue and average order value. */
import { formatMoney } from '../../../lib/ecommerce';
import { Card } from '../../../ui/Card';
import type { EcommerceReport } from '../../data/ecommerce';

export function CouponsCard({ report }: { report: EcommerceReport }) {
  return (
    <Card title="Coupons" testId="ecommerce-coupons">
      {report.coupons.length === 0 ? (
        <p className="text-sm text-slate-600">No order in this range used a coupon.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="pr-3">Coupon</th>
              <th className="pr-3">Orders</th>
              <th className="pr-3">Revenue</th>
              <th className="pr-3">Average order value</th>
            </tr>
          </thead>
          <tbody>
            {report.coupons.map((c) => (
              <tr key={c.code} className="border-t border-slate-100" data-testid="coupon-row">
                <td className="py-1 pr-3 font-medium">{c.code}</td>
                <td className="pr-3">{c.orders}</td>
                <td className="pr-3">{formatMoney(c.revenue, report.currency)}</td>
                <td className="pr-3">{formatMoney(c.aov, report.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
