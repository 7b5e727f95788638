/** The site's funnels, or the empty state, or the load failure ('Error loading funnels'). */
import { useStore } from '@nanostores/react';
import { Filter } from 'lucide-react';
import { useEffect } from 'react';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { notify } from '../../../ui/toast';
import { $funnels, $funnelsError } from '../../data/funnels';
import type { SiteRecord } from '../../data/records';
import { FunnelCard } from './FunnelCard';

export function FunnelList({ site, canEdit }: { site: SiteRecord; canEdit: boolean }) {
  const funnels = useStore($funnels);
  const error = useStore($funnelsError);
  useEffect(() => {
    if (error) notify('Error loading funnels', 'Could not load funnel data', 'destructive');
  }, [error]);

  if (error && !funnels) {
    return (
      <Card>
        <EmptyState icon={Filter} title="Error loading funnels">
          Could not load funnel data
        </EmptyState>
      </Card>
    );
  }
  if (funnels === undefined) return <p className="text-sm text-slate-500">Loading...</p>;
  if (funnels.length === 0) {
    return (
      <Card>
        <EmptyState icon={Filter} title="No Funnels Created Yet">
          Create a funnel to follow visitors step by step.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {funnels.map((item) => (
        <FunnelCard key={item.funnel.id} item={item} site={site} canEdit={canEdit} />
      ))}
    </div>
  );
}
