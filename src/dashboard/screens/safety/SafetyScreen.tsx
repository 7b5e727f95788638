/**
 * Safety & Monitoring (/dashboard/safety): per site, its optimization rules with their Safety
 * Controls, the health metrics, the rollback history and the audit log, refreshed in realtime.
 */
import { RefreshCw } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { TabList } from '../../../ui/TabList';
import { useSiteContext } from '../../data/siteContext';
import { $safety, $safetySite, pickSafetySite, type SafetyData } from '../../data/safety';
import { refetchSites } from '../../data/sites';
import { capitalise, formatPercent, formatTime } from './format';
import { SafetyControls } from './SafetyControls';

const TABS = [
  { id: 'rules', label: 'Optimization Rules' },
  { id: 'metrics', label: 'Health Metrics' },
  { id: 'rollbacks', label: 'Rollback History' },
  { id: 'audit', label: 'Audit Log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const NO_DATA: SafetyData = { rules: [], metrics: [], rollbacks: [], audit: [] };

function Empty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{children}</p>;
}

export default function SafetyScreen() {
  const { sites, loading } = useSiteContext();
  const list = sites ?? [];
  const site = useStore($safetySite);
  const safety = useStore($safety);
  // A failed load shows empty lists, as the server answered nothing.
  const data = safety.value ?? (safety.error ? NO_DATA : null);
  const [tab, setTab] = useState<TabId>('rules');
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (safety.error) notify(`Failed to load data: ${errorMessage(safety.error, 'Unknown error')}`, undefined, 'destructive');
  }, [safety.error]);

  async function refresh() {
    setRefreshing(true);
    await refetchSites();
    await $safety.refetch();
    setRefreshing(false);
  }

  if (loading) return <Spinner />;
  if (!site) return <NoSite />;

  const rules = data?.rules ?? [];
  const active = rules.filter((r) => r.enabled).length;
  const counts: Record<TabId, number | undefined> = {
    rules: data?.rules.length,
    metrics: data?.metrics.length,
    rollbacks: data?.rollbacks.length,
    audit: data?.audit.length,
  };

  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Safety & Monitoring"
        subtitle="Health monitoring, rollout controls, rollbacks and the audit trail of your optimizations"
        actions={
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden />
            Refresh
          </Button>
        }
      />

      <Card title="Select Site">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Sites">
          {list.map((s) => {
            const status = s.health_status || 'unknown';
            const selected = s.id === site.id;
            return (
              <button
                key={s.id}
                type="button"
                aria-pressed={selected}
                onClick={() => pickSafetySite(s.id)}
                className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm ${selected ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
              >
                <span className="font-medium">{s.domain}</span>
                <Badge tone={status === 'healthy' ? 'default' : 'warning'}>{status}</Badge>
              </button>
            );
          })}
        </div>
      </Card>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card testId="summary-optimization-status">
          <p className="text-sm text-slate-600">Optimization Status</p>
          <p className="mt-1 text-2xl font-bold">{site.optimization_enabled ? 'Active' : 'Inactive'}</p>
        </Card>
        <Card testId="summary-health-status">
          <p className="text-sm text-slate-600">Health Status</p>
          <p className="mt-1 text-2xl font-bold">{site.health_status ? capitalise(site.health_status) : 'Unknown'}</p>
        </Card>
        <Card testId="summary-active-rules">
          <p className="text-sm text-slate-600">Active Rules</p>
          <p className="mt-1 text-2xl font-bold">{data ? `${active} / ${rules.length}` : '–'}</p>
        </Card>
        <Card testId="summary-error-threshold">
          <p className="text-sm text-slate-600">Error Threshold</p>
          <p className="mt-1 text-2xl font-bold">{site.error_threshold_percentage ?? 0}%</p>
        </Card>
      </div>

      <div>
        <TabList
          label="Safety"
          tabs={TABS}
          active={tab}
          onSelect={setTab}
          idPrefix="safety"
          renderLabel={(t) => (
            <>
              {t.label}
              {counts[t.id] !== undefined && <span className="ml-1 text-xs text-slate-500">({counts[t.id]})</span>}
            </>
          )}
        />
        <div role="tabpanel" id={`safety-panel-${tab}`} aria-labelledby={`safety-tab-${tab}`}>
          {!data ? (
            <Spinner />
          ) : tab === 'rules' ? (
            rules.length === 0 ? (
              <Empty>No optimization rules found. Create some rules to get started.</Empty>
            ) : (
              <ul className="space-y-4">
                {rules.map((rule) => (
                  <li key={rule.id}>
                    <Card testId="safety-rule">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <div>
                          <h3 className="font-semibold text-slate-900">{rule.rule_type}</h3>
                          {rule.name && <p className="text-sm text-slate-600">{rule.name}</p>}
                          <p className="text-xs text-slate-500">Priority: {rule.priority ?? 0}</p>
                        </div>
                        <Badge tone={rule.enabled ? 'success' : 'secondary'}>{rule.enabled ? 'Enabled' : 'Disabled'}</Badge>
                      </div>
                      <SafetyControls rule={rule} siteId={site.id} onChanged={() => void $safety.refetch()} />
                    </Card>
                  </li>
                ))}
              </ul>
            )
          ) : tab === 'metrics' ? (
            data.metrics.length === 0 ? (
              <Empty>No health metrics recorded yet.</Empty>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {data.metrics.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="health-metric">
                    <div>
                      <p className="font-medium text-slate-900">{m.metric_type}</p>
                      <p className="text-xs text-slate-500">{formatTime(m.recorded_at)}</p>
                    </div>
                    <div className="flex items-center gap-2">
                      <span className="font-semibold">{formatPercent(m.value ?? 0)}</span>
                      {m.threshold_exceeded && <Badge tone="danger">Threshold Exceeded</Badge>}
                    </div>
                  </li>
                ))}
              </ul>
            )
          ) : tab === 'rollbacks' ? (
            data.rollbacks.length === 0 ? (
              <Empty>No rollbacks recorded.</Empty>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {data.rollbacks.map((r) => (
                  <li key={r.id} className="p-3" data-testid="rollback-entry">
                    <div className="flex items-center justify-between gap-2">
                      <Badge tone={r.rollback_type === 'automatic' ? 'danger' : 'secondary'}>{r.rollback_type}</Badge>
                      <span className="text-xs text-slate-500">{formatTime(r.created_at)}</span>
                    </div>
                    <p className="mt-1 text-sm text-slate-700">{r.trigger_reason}</p>
                  </li>
                ))}
              </ul>
            )
          ) : data.audit.length === 0 ? (
            <Empty>No audit entries yet.</Empty>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {data.audit.map((a) => (
                <li key={a.id} className="p-3" data-testid="audit-entry">
                  <div className="flex items-center justify-between gap-2">
                    <Badge tone="outline">{a.action}</Badge>
                    <span className="text-xs text-slate-500">{formatTime(a.created_at)}</span>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{a.reason || 'No reason provided'}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
