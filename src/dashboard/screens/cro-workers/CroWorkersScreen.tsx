/**
 * CRO Workers (/dashboard/cro-workers), Enterprise only (the server refuses other plans): built-in
 * optimization modules, each a managed rule the tracker applies, with its on/off switch and beta
 * badge, and stat cards from the tracker's telemetry.
 */
import { Activity, Cpu, Gauge, ShieldCheck, Zap } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { Switch } from '../../../ui/Switch';
import { EmptyState } from '../../../ui/EmptyState';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { useSiteContext } from '../../data/siteContext';
import { $workers, $workersError, $workersRefused, toggleWorker, type Worker } from '../../data/workers';

export default function CroWorkersScreen() {
  const { site, loading, canEdit } = useSiteContext();
  const state = useStore($workers) ?? null;
  const refused = useStore($workersRefused);
  const failed = useStore($workersError);
  const [busy, setBusy] = useState<string | null>(null);
  const siteId = site?.id ?? null;

  useEffect(() => {
    if (failed) notify('Failed to load CRO Workers', errorMessage(failed, 'Unknown error'), 'destructive');
  }, [failed]);

  async function toggle(w: Worker) {
    if (!siteId) return;
    setBusy(w.key);
    try {
      await toggleWorker(siteId, w.key, !w.enabled);
      notify(`${w.name} ${w.enabled ? 'disabled' : 'enabled'}`, undefined, 'success');
    } catch (err) {
      notify('Failed to update', errorMessage(err, 'Unknown error'), 'destructive');
    } finally {
      setBusy(null);
    }
  }

  if (loading) return <Spinner />;
  if (!site) return <NoSite />;
  const header = <ScreenHeader title="CRO Workers" subtitle="Built-in optimization modules that run on your site through the tracker" />;
  if (refused) {
    return (
      <div>
        {header}
        <EmptyState icon={Cpu} title="CRO Workers are an Enterprise feature">
          <p>{refused.replace(/ Upgrade at \/pricing\.?$/, '')}</p>
          <a
            href="/pricing"
            className="mt-3 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Upgrade
          </a>
        </EmptyState>
      </div>
    );
  }
  if (!state)
    return (
      <div>
        {header}
        <Spinner />
      </div>
    );
  const s = state.stats;
  const cards = [
    { label: 'Active Workers', value: `${s.activeWorkers} / ${state.workers.length}`, icon: Cpu },
    { label: 'Optimizations Applied (last hour)', value: s.appliedLastHour.toLocaleString(), icon: Zap },
    { label: 'Mean Apply Time', value: s.meanApplyMs === null ? 'No data yet' : `${s.meanApplyMs} ms`, icon: Gauge },
    {
      label: 'Page Loads Without Errors (24h)',
      value: s.errorFreeLoadsPct === null ? 'No data yet' : `${s.errorFreeLoadsPct}%`,
      icon: Activity,
    },
  ];

  return (
    <div className="space-y-6">
      {header}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} testId="worker-stat">
            <div className="flex items-center justify-between">
              <p className="text-sm text-slate-600">{c.label}</p>
              <c.icon className="h-4 w-4 text-slate-400" aria-hidden />
            </div>
            <p className="mt-1 text-2xl font-bold">{c.value}</p>
          </Card>
        ))}
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {state.workers.map((w) => (
          <li key={w.key}>
            <Card testId="worker-card">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                    {w.name}
                    {w.beta && <Badge tone="warning">Beta</Badge>}
                    {/* 'Active' only for a worker that is switched on, matching the 'N / 8 active' count. */}
                    {w.enabled ? <Badge tone="success">Active</Badge> : <Badge tone="secondary">Off</Badge>}
                  </h3>
                  <p className="mt-1 text-sm text-slate-600">{w.description}</p>
                  <p className="mt-1 text-xs capitalize text-slate-500">
                    {w.category}
                    {w.enabled && w.health ? ` · ${w.health}` : ''}
                  </p>
                </div>
                <Switch checked={w.enabled} aria-label={w.name} disabled={!canEdit || busy !== null} onToggle={() => void toggle(w)} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <p className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Zero-impact guarantee: a worker never breaks your page. A change that fails is skipped and reported, health monitoring watches every
        worker, and automatic rollback switches off any worker that raises errors.
      </p>
    </div>
  );
}
