/** A bordered panel with an optional title row. */
import clsx from 'clsx';
import type { ReactNode } from 'react';

export function Card({
  title,
  action,
  className,
  children,
  testId,
}: {
  title?: ReactNode;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className={clsx('rounded-lg border border-slate-200 bg-white p-4 shadow-sm', className)} data-testid={testId}>
      {(title || action) && (
        <div className="mb-3 flex items-center justify-between gap-2">
          {title && <h2 className="text-base font-semibold text-slate-900">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
