/** CRO Workers (/dashboard/cro-workers): the frame; its data arrives with a later issue. */
import { Cpu } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function CroWorkersScreen() {
  return (
    <div>
      <ScreenHeader title="CRO Workers" subtitle="Edge workers that apply your optimizations" />
      <EmptyState icon={Cpu} title="No workers running">Workers start when you deploy optimizations.</EmptyState>
    </div>
  );
}
