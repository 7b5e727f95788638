/** Admin Dashboard: frame (filled in by the dashboard-core issue). */
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function AdminScreen() {
  return (
    <div>
      <ScreenHeader title="Admin Dashboard" subtitle="All sites and registrations" />
      <EmptyState icon={ShieldCheck} title="Loading" />
    </div>
  );
}
