/** A small table of one breakdown (pages, sources, devices...) with an empty state. */
import type { ReactNode } from 'react';

export interface Column<T> {
  label: string;
  value: (row: T) => ReactNode;
  numeric?: boolean;
}

export function BreakdownTable<T>({
  caption,
  rows,
  columns,
  empty,
  rowKey,
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  empty: string;
  rowKey: (row: T) => string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'py-1 pl-2 text-right' : 'py-1'}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-b border-slate-100 last:border-0">
              {columns.map((c) => (
                <td key={c.label} className={c.numeric ? 'py-1 pl-2 text-right tabular-nums' : 'max-w-[16rem] truncate py-1'}>
                  {c.value(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
