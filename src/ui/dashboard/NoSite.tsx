/** What a site-scoped screen shows before the user has added a domain. */
import { Globe } from 'lucide-react';
import { EmptyState } from '../EmptyState';
import { Link } from './Link';

export function NoSite() {
  return (
    <EmptyState icon={Globe} title="No site yet">
      Add your domain in{' '}
      <Link href="/dashboard/settings" className="text-indigo-600 underline">
        Settings
      </Link>{' '}
      to get started.
    </EmptyState>
  );
}
