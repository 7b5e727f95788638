/**
 * Admin (/dashboard/admin): platform admins only (user_roles). Others see a skeleton while the
 * check runs and are then sent to /dashboard.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { $adminOverview, $isAdmin } from '../../data/admin';
import { navigate } from '../../data/router';
import { AdminSkeleton } from './AdminSkeleton';
import { AdminStats } from './AdminStats';
import { RecentRegistrations } from './RecentRegistrations';

export default function AdminScreen() {
  const isAdmin = useStore($isAdmin);
  const data = useStore($adminOverview);
  useEffect(() => {
    if (isAdmin === false) navigate('/dashboard', true);
  }, [isAdmin]);
  if (!isAdmin || !data) return <AdminSkeleton />;
  return (
    <div className="space-y-6">
      <ScreenHeader title="Admin Dashboard" subtitle="All sites across the platform" />
      <AdminStats stats={data.stats} />
      <RecentRegistrations rows={data.registrations} />
    </div>
  );
}
