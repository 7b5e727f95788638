/**
 * Optimizations (/dashboard/optimizations): the site's rules (with search, status filter, on/off
 * switches, per-card Deploy and 'Deploy Now' for every draft shown), 'Add Optimization' opening the
 * rule editor, and suggestions from the pattern library. Free plans see 'Upgrade' to /pricing; the
 * server refuses to enable rules for them either way.
 */
import { Activity, Info, Pencil, Plus, Rocket, Sparkles } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { notify } from '../../../ui/toast';
import { can } from '../../../lib/plans';
import { errorMessage } from '../../data/errors';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { SearchInput } from '../../../ui/SearchInput';
import { Card } from '../../../ui/Card';
import { Switch } from '../../../ui/Switch';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { useSiteContext } from '../../data/siteContext';
import { DeployPatternDialog } from '../../../ui/dashboard/DeployPatternDialog';
import { HealthBadge } from '../../../ui/dashboard/HealthBadge';
import { impactTone } from '../../../ui/dashboard/patternTones';
import { rolloutCaption } from '../../../ui/dashboard/rolloutCaption';
import { $patterns } from '../../data/patterns';
import type { ExperimentRecord, PatternRecord, RuleRecord } from '../../data/records';
import { $rules, $rulesError, refetchRules, setRuleEnabled } from '../../data/rules';
import { $experiments } from '../../data/experiments';
import { experimentOverriding } from '../../../lib/experiment-precedence';
import { RuleEditor } from './RuleEditor';
import { AudiencesSection } from './AudiencesSection';
import { PersonalizationLine } from './PersonalizationLine';
import { $audiences } from '../../data/audiences';
import { filterRules, previewUrl, ruleStatus, type StatusFilter } from './rules';

const SUGGESTIONS = 4;
const NO_PATTERNS: PatternRecord[] = [];
const NO_EXPERIMENTS: ExperimentRecord[] = [];
const STATUS_LABEL = { live: 'Live', draft: 'Draft', testing: 'Testing' } as const;

function Upgrade() {
  return (
    <a
      href="/pricing"
      className="inline-flex items-center justify-center rounded-md bg-amber-500 px-3 py-2 text-sm font-medium text-white hover:bg-amber-600"
    >
      Upgrade
    </a>
  );
}

export default function OptimizationsScreen() {
  const { site, loading, canEdit } = useSiteContext();
  const rules = useStore($rules) ?? null;
  const rulesError = useStore($rulesError);
  const patterns = useStore($patterns) ?? NO_PATTERNS;
  const experiments = useStore($experiments) ?? NO_EXPERIMENTS;
  const audiences = useStore($audiences);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<RuleRecord | 'new' | null>(null);
  const [deployingPattern, setDeployingPattern] = useState<PatternRecord | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const paid = can(site?.plan_tier, 'deploy_optimization');

  useEffect(() => {
    if (rulesError) notify('Failed to load optimizations', errorMessage(rulesError, 'Unknown error'), 'destructive');
  }, [rulesError]);

  const shown = useMemo(() => filterRules(rules ?? [], query, status), [rules, query, status]);
  const drafts = shown.filter((r) => !r.enabled);
  const suggestions = useMemo(() => {
    const used = new Set((rules ?? []).map((r) => r.name));
    return patterns.filter((p) => !used.has(p.name) && p.rule_template).slice(0, SUGGESTIONS);
  }, [patterns, rules]);

  async function toggle(rule: RuleRecord, enabled: boolean) {
    setBusy(rule.id);
    try {
      await setRuleEnabled(rule.id, enabled);
      if (enabled)
        notify('Optimization Deployed!', `${rule.name || rule.rule_type}: ${rolloutCaption(rule.rollout_percentage)}.`, 'success');
      else notify('Optimization paused', `${rule.name || rule.rule_type} is no longer shown to visitors.`);
      await refetchRules();
    } catch (err) {
      notify(enabled ? 'Deployment Failed' : 'Failed to update', errorMessage(err, 'Unknown error'), 'destructive');
    } finally {
      setBusy(null);
    }
  }

  async function deployAll() {
    setConfirmAll(false);
    setBusy('all');
    const results = await Promise.allSettled(drafts.map((r) => setRuleEnabled(r.id, true)));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length === 0)
      notify('Optimization Deployed!', `${results.length} optimization${results.length === 1 ? '' : 's'} now live.`, 'success');
    else
      notify(
        'Deployment Failed',
        `${failed.length} of ${results.length} failed: ${errorMessage(failed[0]!.reason, 'Unknown error')}`,
        'destructive',
      );
    setBusy(null);
    await refetchRules();
  }

  if (loading) return <Spinner />;
  if (!site) return <NoSite />;

  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Optimizations"
        subtitle={`Changes deployed to ${site.domain}`}
        actions={
          canEdit && (
            <>
              <Button variant="outline" onClick={() => setEditing('new')}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Optimization
              </Button>
              {paid ? (
                <Button onClick={() => setConfirmAll(true)} disabled={drafts.length === 0 || busy !== null}>
                  <Rocket className="h-4 w-4" aria-hidden />
                  Deploy Now
                </Button>
              ) : (
                <Upgrade />
              )}
            </>
          )
        }
      />

      <div className="flex flex-wrap gap-2">
        <SearchInput label="Search optimizations" value={query} onValue={setQuery} className="min-w-64 flex-1" />
        <label className="sr-only" htmlFor="opt-status">
          Status
        </label>
        <select
          id="opt-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="all">All statuses</option>
          <option value="live">Live</option>
          <option value="testing">Testing</option>
          <option value="draft">Draft</option>
        </select>
      </div>

      {rules === null ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState icon={Activity} title={rules.length === 0 ? 'No optimizations yet' : 'No optimizations match'}>
          {rules.length === 0
            ? 'Add an optimization or deploy a suggestion from the pattern library.'
            : 'Change the search or the status filter.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((r) => {
            const st = ruleStatus(r);
            const test = experimentOverriding(r, experiments);
            return (
              <li key={r.id}>
                <Card testId="optimization-card">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <h3 className="font-semibold text-slate-900">{r.name || r.rule_type}</h3>
                      <p className="text-xs text-slate-500">
                        {r.rule_type} · {r.url_pattern || '/*'} · {r.selector || 'page'}
                      </p>
                    </div>
                    <Switch
                      checked={r.enabled}
                      aria-label={`${r.name || r.rule_type} on or off`}
                      disabled={!canEdit || busy !== null || (!r.enabled && !paid)}
                      onToggle={() => void toggle(r, !r.enabled)}
                    />
                  </div>
                  {r.description && <p className="mt-2 text-sm text-slate-600">{r.description}</p>}
                  {r.audience && (
                    <PersonalizationLine rule={r} audienceName={audiences?.find((a) => a.id === r.audience)?.name ?? 'an audience'} />
                  )}
                  {test && (
                    <p className="mt-2 flex items-start gap-1 text-sm text-sky-900" data-testid="rule-yields">
                      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                      Not applied on {test.url_pattern || 'any page'} while the A/B test “{test.name}” runs on the same element.
                    </p>
                  )}
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <Badge tone={st === 'live' ? 'success' : st === 'testing' ? 'warning' : 'secondary'}>{STATUS_LABEL[st]}</Badge>
                    {r.enabled && <HealthBadge status={r.health_status} />}
                    <span className="text-xs text-slate-600">
                      {(r.changes ?? []).length} change{(r.changes ?? []).length === 1 ? '' : 's'} ·{' '}
                      {rolloutCaption(r.rollout_percentage, r.enabled)}
                    </span>
                  </div>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    {!r.enabled &&
                      canEdit &&
                      (paid ? (
                        <Button onClick={() => void toggle(r, true)} disabled={busy !== null}>
                          <Rocket className="h-4 w-4" aria-hidden />
                          Deploy
                        </Button>
                      ) : (
                        <Upgrade />
                      ))}
                    {canEdit && (
                      <Button variant="outline" onClick={() => setEditing(r)}>
                        <Pencil className="h-4 w-4" aria-hidden />
                        Edit
                      </Button>
                    )}
                    <a
                      href={previewUrl(site.domain, r)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-sm text-indigo-700 underline"
                    >
                      Preview
                    </a>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <AudiencesSection siteId={site.id} canEdit={canEdit} />

      {suggestions.length > 0 && (
        <section aria-labelledby="suggested-heading">
          <h2 id="suggested-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold">
            <Sparkles className="h-5 w-5 text-indigo-600" aria-hidden />
            Suggested from the Pattern Library
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {suggestions.map((p) => (
              <li key={p.id}>
                <Card testId="suggestion-card">
                  <h3 className="font-semibold">{p.name}</h3>
                  <p className="mt-1 text-sm text-slate-600">{p.description}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <Badge tone={impactTone(p.impact)}>{p.impact} impact</Badge>
                    <span className="text-sm text-emerald-700">+{p.avg_lift}% avg. lift</span>
                  </div>
                  {canEdit && (
                    <div className="mt-3">
                      {paid ? (
                        <Button onClick={() => setDeployingPattern(p)}>
                          <Rocket className="h-4 w-4" aria-hidden />
                          Deploy
                        </Button>
                      ) : (
                        <Upgrade />
                      )}
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      {editing && (
        <RuleEditor
          site={site}
          rule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void refetchRules()}
        />
      )}
      {deployingPattern && (
        <DeployPatternDialog
          pattern={deployingPattern}
          site={site}
          onClose={() => setDeployingPattern(null)}
          onDone={() => void refetchRules()}
        />
      )}
      {confirmAll && (
        <Dialog title="Deploy all drafts?" onClose={() => setConfirmAll(false)}>
          <p className="text-sm text-slate-600">
            {drafts.length} draft optimization{drafts.length === 1 ? '' : 's'} will go live at their rollout percentage:
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {drafts.map((r) => (
              <li key={r.id}>
                {r.name || r.rule_type} ({r.rollout_percentage}%)
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmAll(false)}>
              Cancel
            </Button>
            <Button onClick={() => void deployAll()}>Deploy Now</Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
