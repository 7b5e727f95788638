/**
 * Session Recordings & Heatmaps (/dashboard/recordings): growth plan or higher (free and starter
 * see the upgrade card; the server refuses their recordings too). A thin frame of tabs: each tab
 * lives in its own file.
 */
import { useState } from 'react';
import { can } from '../../../lib/plans';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { TabList } from '../../../ui/TabList';
import { useSiteContext } from '../../data/siteContext';
import { ClickMapsTab } from './ClickMapsTab';
import { HeatmapsTab } from './HeatmapsTab';
import { RecordingsUpgradeCard } from './RecordingsUpgradeCard';
import { SessionRecordingsTab } from './SessionRecordingsTab';

const TABS = [
  { id: 'sessions', label: 'Session Recordings', render: () => <SessionRecordingsTab /> },
  { id: 'heatmaps', label: 'Heatmaps', render: (siteId: string) => <HeatmapsTab key={siteId} siteId={siteId} /> },
  { id: 'clickmaps', label: 'Click Maps', render: (siteId: string) => <ClickMapsTab key={siteId} siteId={siteId} /> },
] as const;

type TabId = (typeof TABS)[number]['id'];

export default function RecordingsScreen() {
  const { site, loading } = useSiteContext();
  const [tab, setTab] = useState<TabId>('sessions');
  const header = <ScreenHeader title="Session Recordings & Heatmaps" subtitle="See how visitors use your site" />;
  if (loading) return <Spinner />;
  if (!site) return <NoSite />;
  if (!can(site.plan_tier, 'recordings')) {
    return (
      <div>
        {header}
        <RecordingsUpgradeCard />
      </div>
    );
  }
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  return (
    <div>
      {header}
      <TabList label="Recordings and heatmaps" tabs={TABS} active={tab} onSelect={setTab} idPrefix="recordings" />
      <div role="tabpanel" id={`recordings-panel-${current.id}`} aria-labelledby={`recordings-tab-${current.id}`}>
        {current.render(site.id)}
      </div>
    </div>
  );
}
