/**
 * Settings (/dashboard/settings): tabs Domains, Optimization, Goals, API, when the install runs
 * nameservers DNS Records, and Account (the user's own two-step sign-in).
 */
import { useStore } from '@nanostores/react';
import clsx from 'clsx';
import { useState, type ComponentType } from 'react';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { $dnsConnectAvailable } from '../../data/nameservers';
import { $router } from '../../data/router';
import { ApiTab } from './ApiTab';
import { DnsRecordsTab } from './DnsRecordsTab';
import { DomainsTab } from './DomainsTab';
import { GoalsTab } from './GoalsTab';
import { OptimizationTab } from './OptimizationTab';
import { PlanBillingCard } from './PlanBillingCard';
import { TwoStepCard } from './TwoStepCard';

const TABS = ['Domains', 'Optimization', 'Goals', 'API', 'DNS Records', 'Account'] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, ComponentType> = {
  Domains: DomainsTab,
  Optimization: OptimizationTab,
  Goals: GoalsTab,
  API: ApiTab,
  'DNS Records': DnsRecordsTab,
  Account: TwoStepCard,
};

export default function SettingsScreen() {
  const [tab, setTab] = useState<Tab>('Domains');
  // ?tab=account opens Account (the notice asking a member to turn on two-step sign-in links here).
  const asked = useStore($router)?.search.tab;
  const [seen, setSeen] = useState<string | undefined>(undefined);
  if (asked !== seen) {
    setSeen(asked);
    if (asked === 'account') setTab('Account');
  }
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
