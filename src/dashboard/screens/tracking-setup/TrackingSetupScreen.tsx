/** Get Started: frame (filled in by the dashboard-core issue). */
import { Gauge } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function TrackingSetupScreen() {
  return (
    <div>
      <ScreenHeader title="Get Started" subtitle="Connect your website in a few minutes" />
      <EmptyState icon={Gauge} title="No site yet" />
    </div>
  );
}
