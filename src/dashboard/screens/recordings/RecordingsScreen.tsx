/** Session Recordings & Heatmaps (/dashboard/recordings): the frame; its data arrives with a later issue. */
import { Video } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';

export default function RecordingsScreen() {
  return (
    <div>
      <ScreenHeader title="Session Recordings & Heatmaps" subtitle="See how visitors use your site" />
      <EmptyState icon={Video} title="No Recordings Yet">
        Recordings appear once the tracking script runs on your site.
      </EmptyState>
    </div>
  );
}
