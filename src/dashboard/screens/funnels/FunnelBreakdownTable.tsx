/** The funnel's entrants per value of the chosen breakdown, with each value's overall conversion. */
import { overallConversion } from '../../../lib/funnels';
import type { FunnelFigures } from '../../data/funnels';

export function FunnelBreakdownTable({ rows, steps }: { rows: FunnelFigures['breakdown']; steps: number }) {
  if (!rows.length) return <p className="text-sm text-slate-500">No visitors entered this funnel in the range.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="funnel-breakdown">
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Value</th>
            {Array.from({ length: steps }, (_, i) => (
              <th key={i} className="py-1 pr-3 font-medium">
                Step {i + 1}
              </th>
            ))}
            <th className="py-1 font-medium">Conversion</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.value} className="border-t border-slate-100" data-testid="breakdown-row">
              <td className="py-1 pr-3">{r.value}</td>
              {r.users.map((u, i) => (
                <td key={i} className="py-1 pr-3">
                  {u}
                </td>
              ))}
              <td className="py-1">{overallConversion(r.users.map((users) => ({ users, medianSeconds: 0 })))}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
