/** Cart abandonment: carts started, abandoned (30 minutes without an order), value left, by source and device. */
import { formatMoney } from '../../../lib/ecommerce';
import { formatPercent } from '../../../lib/format';
import { Card } from '../../../ui/Card';
import type { Breakdown, EcommerceReport } from '../../data/ecommerce';

function ByTable({ label, rows, currency }: { label: string; rows: Breakdown[]; currency: string }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-slate-500">
        <tr>
          <th className="pr-3">{label}</th>
          <th className="pr-3">Carts</th>
          <th className="pr-3">Abandoned</th>
          <th className="pr-3">Value left</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.value} className="border-t border-slate-100">
            <td className="py-1 pr-3">{r.value}</td>
            <td className="pr-3">{r.started}</td>
            <td className="pr-3">{r.abandoned}</td>
            <td className="pr-3">{formatMoney(r.valueLeft, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AbandonmentCard({ report }: { report: EcommerceReport }) {
  const a = report.abandonment;
  return (
    <Card title="Cart abandonment" testId="ecommerce-abandonment">
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Carts started</dt>
          <dd className="text-lg font-semibold" data-testid="carts-started">
            {a.started}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Abandoned</dt>
          <dd className="text-lg font-semibold" data-testid="carts-abandoned">
            {a.abandoned}
            {a.open > 0 && <span className="ml-1 text-xs font-normal text-slate-500">({a.open} still open)</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Abandonment rate</dt>
          <dd className="text-lg font-semibold">{formatPercent(a.rate * 100, 1)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Value left behind</dt>
          <dd className="text-lg font-semibold" data-testid="carts-value-left">
            {formatMoney(a.valueLeft, report.currency)}
          </dd>
        </div>
      </dl>
      {a.started > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          <ByTable label="Source" rows={a.bySource} currency={report.currency} />
          <ByTable label="Device" rows={a.byDevice} currency={report.currency} />
        </div>
      )}
    </Card>
  );
}
