/** Pattern Library (/dashboard/library): the frame; its data arrives with a later issue. */
import { Library } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function LibraryScreen() {
  return (
    <div>
      <ScreenHeader title="Pattern Library" subtitle="Proven CRO patterns ready to deploy" />
      <EmptyState icon={Library} title="No patterns found">The pattern library is empty.</EmptyState>
    </div>
  );
}
