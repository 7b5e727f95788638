/**
 * Admin (/dashboard/admin): platform admins only (user_roles). Others see a skeleton while the
 * check runs and are then sent to /dashboard.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { loadAdminOverview, type AdminOverview } from '../../api';
import { ScreenHeader } from '../../components/ScreenHeader';
import { $router } from '../../router';
import { $isAdmin } from '../../stores/admin';
import { AdminSkeleton } from './AdminSkeleton';
import { AdminStats } from './AdminStats';
import { RecentRegistrations } from './RecentRegistrations';

export default function AdminScreen() {
  const isAdmin = useStore($isAdmin);
  const [data, setData] = useState<AdminOverview | null>(null);
  useEffect(() => {
    if (isAdmin === false) $router.open('/dashboard', true);
    if (!isAdmin) return;
    loadAdminOverview()
      .then(setData)
      .catch((err) => console.error('Admin load failed', err));
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
