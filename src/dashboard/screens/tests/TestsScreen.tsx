/** A/B Tests (/dashboard/tests): the frame; its data arrives with a later issue. */
import { FlaskConical } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/dashboard/PlaceholderScreen';

export default function TestsScreen() {
  return (
    <PlaceholderScreen title="A/B Tests" subtitle="Experiments on your site" icon={FlaskConical} emptyTitle="No tests yet">
      Create a test to compare variations with real visitors.
    </PlaceholderScreen>
  );
}
