/** Conversion Funnels (/dashboard/funnels): a thin composition of the funnel parts (each in its own file). */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { useSiteContext } from '../../data/siteContext';
import { FunnelControls } from './FunnelControls';
import { FunnelDialog } from './FunnelDialog';
import { FunnelList } from './FunnelList';
import { MicroGoalsCard } from './MicroGoalsCard';

export default function FunnelsScreen() {
  const { site, loading, canEdit } = useSiteContext();
  const [creating, setCreating] = useState(false);
  if (!loading && !site) return <NoSite />;
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Conversion Funnels"
        subtitle="Find where visitors drop off"
        actions={
          canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" />
              Create New Funnel
            </Button>
          )
        }
      />
      <FunnelControls />
      {site && <FunnelList site={site} canEdit={canEdit} />}
      <MicroGoalsCard />
      {creating && site && <FunnelDialog siteId={site.id} onClose={() => setCreating(false)} />}
    </div>
  );
}
