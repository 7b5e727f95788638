/** Settings (/dashboard/settings): tabs Domains, Optimization, Goals, API and, when the install runs nameservers, DNS Records. */
import { useStore } from '@nanostores/react';
import clsx from 'clsx';
import { useState, type ComponentType } from 'react';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { $dnsConnectAvailable } from '../../data/nameservers';
import { ApiTab } from './ApiTab';
import { DnsRecordsTab } from './DnsRecordsTab';
import { DomainsTab } from './DomainsTab';
import { GoalsTab } from './GoalsTab';
import { OptimizationTab } from './OptimizationTab';
import { PlanBillingCard } from './PlanBillingCard';

const TABS = ['Domains', 'Optimization', 'Goals', 'API', 'DNS Records'] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, ComponentType> = {
  Domains: DomainsTab,
  Optimization: OptimizationTab,
  Goals: GoalsTab,
  API: ApiTab,
  'DNS Records': DnsRecordsTab,
};

export default function SettingsScreen() {
  const [tab, setTab] = useState<Tab>('Domains');
  // The zone's records matter only where the install's own nameservers answer.
  const dnsAvailable = useStore($dnsConnectAvailable) === true;
  const tabs = TABS.filter((t) => t !== 'DNS Records' || dnsAvailable);
  const Panel = PANELS[tab];
  return (
    <div>
      <ScreenHeader title="Settings" subtitle="Manage your domains and optimization settings" />
      <PlanBillingCard />
      <div role="tablist" className="mb-4 inline-flex rounded-lg bg-slate-100 p-1">
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={clsx('rounded-md px-4 py-1.5 text-sm font-medium', tab === t ? 'bg-white shadow-sm' : 'text-slate-600')}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        <Panel />
      </div>
    </div>
  );
}
