/** A/B Tests (/dashboard/tests): the frame; its data arrives with a later issue. */
import { FlaskConical } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';

export default function TestsScreen() {
  return (
    <div>
      <ScreenHeader title="A/B Tests" subtitle="Experiments on your site" />
      <EmptyState icon={FlaskConical} title="No tests yet">
        Create a test to compare variations with real visitors.
      </EmptyState>
    </div>
  );
}
