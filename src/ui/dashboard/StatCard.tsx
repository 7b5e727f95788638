/** A figure on a card: its label, the value large, and an optional line under it. */
import type { ReactNode } from 'react';
import { Card } from '../Card';

export function StatCard({
  label,
  value,
  testId,
  valueTestId,
  valueClass = 'mt-1 text-2xl font-bold',
  children,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  valueTestId?: string;
  valueClass?: string;
  children?: ReactNode;
}) {
  return (
    <Card testId={testId}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className={valueClass} data-testid={valueTestId}>
        {value}
      </p>
      {children}
    </Card>
  );
}

/** Three figures side by side, as the admin and team screens show them. */
export function StatRow({ stats, testId }: { stats: Array<[string, string | number]>; testId?: string }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3" data-testid={testId}>
      {stats.map(([label, value]) => (
        <StatCard key={label} label={label} value={value} valueClass="text-2xl font-bold" />
      ))}
    </div>
  );
}
