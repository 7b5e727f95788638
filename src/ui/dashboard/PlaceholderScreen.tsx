/** A screen whose frame exists before its data: the header and an empty state that says what it will hold. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { ScreenHeader } from '../ScreenHeader';

export function PlaceholderScreen({
  title,
  subtitle,
  icon,
  emptyTitle,
  children,
}: {
  title: string;
  subtitle: string;
  icon: LucideIcon;
  emptyTitle: string;
  children: ReactNode;
}) {
  return (
    <div>
      <ScreenHeader title={title} subtitle={subtitle} />
      <EmptyState icon={icon} title={emptyTitle}>
        {children}
      </EmptyState>
    </div>
  );
}
