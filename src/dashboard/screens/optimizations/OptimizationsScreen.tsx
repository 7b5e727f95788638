/** Optimizations (/dashboard/optimizations): the frame; its data arrives with a later issue. */
import { Activity } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function OptimizationsScreen() {
  return (
    <div>
      <ScreenHeader title="Optimizations" subtitle="Changes deployed to your site" />
      <EmptyState icon={Activity} title="No optimizations yet">Deploy an optimization from a scan or the pattern library.</EmptyState>
    </div>
  );
}
