/** Safety & Monitoring (/dashboard/safety): the frame; its data arrives with a later issue. */
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function SafetyScreen() {
  return (
    <div>
      <ScreenHeader title="Safety & Monitoring" subtitle="Health, rollbacks and audit of your optimizations" />
      <EmptyState icon={ShieldCheck} title="No optimization rules found. Create some rules to get started."></EmptyState>
    </div>
  );
}
