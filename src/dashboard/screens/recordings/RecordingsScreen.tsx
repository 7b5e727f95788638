/**
 * Session Recordings & Heatmaps (/dashboard/recordings), Growth plan or higher (free and starter
 * see the upgrade card): a thin frame of tabs, each in its own file.
 */
import { Lock, Video } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../lib/plans';
import { PLAN_CATALOGUE } from '../../../lib/plan-catalogue';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { TabList } from '../../../ui/TabList';
import { useSiteContext } from '../../data/siteContext';
import { ClickMapsTab } from './ClickMapsTab';
import { HeatmapsTab } from './HeatmapsTab';

const TABS = [
  { id: 'recordings', label: 'Session Recordings' },
  { id: 'heatmaps', label: 'Heatmaps' },
  { id: 'clicks', label: 'Click Maps' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const price = (key: string) => PLAN_CATALOGUE.find((p) => p.key === key)?.price ?? '';

function UpgradeCard() {
  return (
    <Card testId="recordings-upgrade" className="mx-auto max-w-xl text-center">
      <Lock className="mx-auto mb-2 h-8 w-8 text-indigo-600" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">
        Session recordings and heatmaps are available on the Growth and Enterprise plans
      </h2>
      <p className="mt-2 text-sm text-slate-600">Start a 7-day free trial: cancel anytime, no card needed for the trial.</p>
      <p className="mt-2 text-sm text-slate-600">
        Growth {price('growth')}/month · Enterprise {price('enterprise')}/month
      </p>
      <a href="/pricing" className="mt-4 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
        Upgrade
      </a>
    </Card>
  );
}

export default function RecordingsScreen() {
  const { site, loading } = useSiteContext();
  const [tab, setTab] = useState<Tab>('recordings');
  const header = <ScreenHeader title="Session Recordings & Heatmaps" subtitle="See how visitors use your site" />;
  if (loading) return <Spinner />;
  if (!site) return <NoSite />;
  if (!can(site.plan_tier, 'recordings')) {
    return (
      <div>
        {header}
        <UpgradeCard />
      </div>
    );
  }
  return (
    <div>
      {header}
      <TabList label="Recordings and heatmaps" tabs={TABS} active={tab} onSelect={setTab} idPrefix="recordings" />
      <div role="tabpanel" id={`recordings-panel-${tab}`} aria-labelledby={`recordings-tab-${tab}`}>
        {tab === 'recordings' && (
          <EmptyState icon={Video} title="No Recordings Yet">
            Recordings appear once the tracking script runs on your site.
          </EmptyState>
        )}
        {tab === 'heatmaps' && <HeatmapsTab key={site.id} siteId={site.id} />}
        {tab === 'clicks' && <ClickMapsTab key={site.id} siteId={site.id} />}
      </div>
    </div>
  );
}
