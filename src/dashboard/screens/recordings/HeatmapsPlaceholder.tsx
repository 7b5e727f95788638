/** The Heatmaps and Click Maps tabs until their own screens land. */
import { MousePointerClick } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';

export function HeatmapsPlaceholder({ kind }: { kind: string }) {
  return (
    <EmptyState icon={MousePointerClick} title={`${kind} are not available yet`}>
      Session recordings are recorded now; {kind.toLowerCase()} are built from them and from clicks.
    </EmptyState>
  );
}
