/** Integrations: frame (filled in by the dashboard-core issue). */
import { Plug } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function IntegrationsScreen() {
  return (
    <div>
      <ScreenHeader title="Integrations" subtitle="Connect your tools" />
      <EmptyState icon={Plug} title="No integrations connected" />
    </div>
  );
}
