/** The Domains tab: 'Add New Domain' and 'Your Domains'. */
import { useSiteContext } from '../../data/siteContext';
import { AddDomainForm } from './AddDomainForm';
import { DomainCard } from './DomainCard';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { Globe } from 'lucide-react';

export function DomainsTab() {
  const { sites, user } = useSiteContext();
  return (
    <div className="space-y-6">
      <AddDomainForm />
      <Card title="Your Domains">
        {sites === undefined ? (
          <Spinner />
        ) : sites.length === 0 ? (
          <EmptyState icon={Globe} title="No domains yet">
            Add your first domain above.
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {sites.map((s) => (
              <li key={s.id}>
                <DomainCard site={s} manager={!!user && (s.manager_ids ?? []).includes(user.id)} owner={!!user && s.user_id === user.id} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
