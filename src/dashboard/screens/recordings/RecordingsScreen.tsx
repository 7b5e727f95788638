/**
 * Session Recordings & Heatmaps (/dashboard/recordings). Growth or higher: every tab. Starter:
 * "basic heatmaps", the click maps and the heat layer of the last 30 days, with a note on what
 * Growth adds. Free: the upgrade card. The server refuses the same (pocketbase/heatmaps,
 * recordings). A thin frame of tabs: each tab lives in its own file.
 */
import { useState, type ReactNode } from 'react';
import { can } from '../../../lib/plans';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { TabList } from '../../../ui/TabList';
import { useSiteContext } from '../../data/siteContext';
import { ClickMapsTab } from './ClickMapsTab';
import { HeatmapsTab } from './HeatmapsTab';
import { BasicHeatmapsNote, RecordingsUpgradeCard } from './RecordingsUpgradeCard';
import { SessionRecordingsTab } from './SessionRecordingsTab';

type TabId = 'sessions' | 'heatmaps' | 'clickmaps';

interface Tab {
  id: TabId;
  label: string;
  render: (siteId: string) => ReactNode;
}

const FULL: Tab[] = [
  { id: 'sessions', label: 'Session Recordings', render: () => <SessionRecordingsTab /> },
  { id: 'heatmaps', label: 'Heatmaps', render: (siteId) => <HeatmapsTab key={siteId} siteId={siteId} scrollMaps /> },
  { id: 'clickmaps', label: 'Click Maps', render: (siteId) => <ClickMapsTab key={siteId} siteId={siteId} /> },
];

/** Starter: clicks only. */
const BASIC: Tab[] = [
  { id: 'heatmaps', label: 'Heatmaps', render: (siteId) => <HeatmapsTab key={siteId} siteId={siteId} scrollMaps={false} /> },
  { id: 'clickmaps', label: 'Click Maps', render: (siteId) => <ClickMapsTab key={siteId} siteId={siteId} /> },
];

export default function RecordingsScreen() {
  const { site, loading } = useSiteContext();
  const [chosen, setTab] = useState<TabId | null>(null);
  const header = <ScreenHeader title="Session Recordings & Heatmaps" subtitle="See how visitors use your site" />;
  if (loading) return <Spinner />;
  if (!site) return <NoSite />;
  if (!can(site.plan_tier, 'click_maps')) {
    return (
      <div>
        {header}
        <RecordingsUpgradeCard />
      </div>
    );
  }
  const full = can(site.plan_tier, 'recordings');
  const tabs = full ? FULL : BASIC;
  const current = tabs.find((t) => t.id === chosen) ?? tabs[0]!;
  return (
    <div>
      {header}
      {!full && <BasicHeatmapsNote />}
      <TabList label="Recordings and heatmaps" tabs={tabs} active={current.id} onSelect={setTab} idPrefix="recordings" />
      <div role="tabpanel" id={`recordings-panel-${current.id}`} aria-labelledby={`recordings-tab-${current.id}`}>
        {current.render(site.id)}
      </div>
    </div>
  );
}
