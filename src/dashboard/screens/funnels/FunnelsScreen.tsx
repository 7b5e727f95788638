/** Conversion Funnels (/dashboard/funnels): the frame; its data arrives with a later issue. */
import { Filter } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/dashboard/PlaceholderScreen';
import { MicroGoalsCard } from './MicroGoalsCard';

export default function FunnelsScreen() {
  return (
    <div className="space-y-4">
      <PlaceholderScreen
        title="Conversion Funnels"
        subtitle="Find where visitors drop off"
        icon={Filter}
        emptyTitle="No Funnels Created Yet"
      >
        Create a funnel to follow visitors step by step.
      </PlaceholderScreen>
      <MicroGoalsCard />
    </div>
  );
}
