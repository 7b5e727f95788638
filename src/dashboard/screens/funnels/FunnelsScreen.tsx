/** Conversion Funnels (/dashboard/funnels): the frame; its data arrives with a later issue. */
import { Filter } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';

export default function FunnelsScreen() {
  return (
    <div>
      <ScreenHeader title="Conversion Funnels" subtitle="Find where visitors drop off" />
      <EmptyState icon={Filter} title="No Funnels Created Yet">
        Create a funnel to follow visitors step by step.
      </EmptyState>
    </div>
  );
}
