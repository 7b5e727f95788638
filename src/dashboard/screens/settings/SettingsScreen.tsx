/** Settings: frame (filled in by the dashboard-core issue). */
import { Settings } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function SettingsScreen() {
  return (
    <div>
      <ScreenHeader title="Settings" subtitle="Domains and optimization settings" />
      <EmptyState icon={Settings} title="No domains yet" />
    </div>
  );
}
