/** Team: frame (filled in by the dashboard-core issue). */
import { Users } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function TeamScreen() {
  return (
    <div>
      <ScreenHeader title="Team" subtitle="Invite people to work on your site" />
      <EmptyState icon={Users} title="No team members yet" />
    </div>
  );
}
