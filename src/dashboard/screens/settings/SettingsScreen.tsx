/**
 * Settings (/dashboard/settings): tabs Domains, Optimization, Goals, API, when the install runs
 * nameservers DNS Records, Brand (white label and multi-brand) and Account (the user's own
 * two-step sign-in).
 */
import { useStore } from '@nanostores/react';
import clsx from 'clsx';
import { useState, type ComponentType } from 'react';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { $brand, $organizations } from '../../data/brand';
import { $dnsConnectAvailable } from '../../data/nameservers';
import { $router } from '../../data/router';
import { ApiTab } from './ApiTab';
import { BrandTab } from './BrandTab';
import { DnsRecordsTab } from './DnsRecordsTab';
import { DomainsTab } from './DomainsTab';
import { GoalsTab } from './GoalsTab';
import { OptimizationTab } from './OptimizationTab';
import { PlanBillingCard } from './PlanBillingCard';
import { TwoStepCard } from './TwoStepCard';

const TABS = ['Domains', 'Optimization', 'Goals', 'API', 'DNS Records', 'Brand', 'Account'] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, ComponentType> = {
  Domains: DomainsTab,
  Optimization: OptimizationTab,
  Goals: GoalsTab,
  API: ApiTab,
  'DNS Records': DnsRecordsTab,
  Brand: BrandTab,
  Account: TwoStepCard,
};

export default function SettingsScreen() {
  const [tab, setTab] = useState<Tab>('Domains');
  // ?tab=account opens Account (the notice asking a member to turn on two-step sign-in links here),
  // ?tab=brand opens Brand (the pricing page's white label and multi-brand link here).
  const asked = useStore($router)?.search.tab;
  const [seen, setSeen] = useState<string | undefined>(undefined);
  if (asked !== seen) {
    setSeen(asked);
    if (asked === 'account') setTab('Account');
    if (asked === 'brand') setTab('Brand');
  }
  // The zone's records matter only where the install's own nameservers answer.
  const dnsAvailable = useStore($dnsConnectAvailable) === true;
  // A brand's client (shown the brand, managing no organization) has no brand of their own to set.
  const brand = useStore($brand);
  const orgs = useStore($organizations).value;
  const client = !!brand && orgs?.length === 0;
  const tabs = TABS.filter((t) => (t !== 'DNS Records' || dnsAvailable) && (t !== 'Brand' || !client));
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
