/** Conversion Funnels (/dashboard/funnels): the frame; its data arrives with a later issue. */
import { Filter } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/dashboard/PlaceholderScreen';

export default function FunnelsScreen() {
  return (
    <PlaceholderScreen title="Conversion Funnels" subtitle="Find where visitors drop off" icon={Filter} emptyTitle="No Funnels Created Yet">
      Create a funnel to follow visitors step by step.
    </PlaceholderScreen>
  );
}
