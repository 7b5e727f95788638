/** Settings (/dashboard/settings): tabs Domains, Optimization, Goals and API. */
import clsx from 'clsx';
import { useState } from 'react';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { ApiTab } from './ApiTab';
import { DomainsTab } from './DomainsTab';
import { GoalsTab } from './GoalsTab';
import { OptimizationTab } from './OptimizationTab';
import { PlanBillingCard } from './PlanBillingCard';

const TABS = ['Domains', 'Optimization', 'Goals', 'API'] as const;

export default function SettingsScreen() {
  const [tab, setTab] = useState<(typeof TABS)[number]>('Domains');
  return (
    <div>
      <ScreenHeader title="Settings" subtitle="Manage your domains and optimization settings" />
      <PlanBillingCard />
      <div role="tablist" className="mb-4 inline-flex rounded-lg bg-slate-100 p-1">
        {TABS.map((t) => (
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
        {tab === 'Domains' ? <DomainsTab /> : tab === 'Optimization' ? <OptimizationTab /> : tab === 'Goals' ? <GoalsTab /> : <ApiTab />}
      </div>
    </div>
  );
}
