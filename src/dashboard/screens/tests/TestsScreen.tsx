/** A/B Tests (/dashboard/tests): the site's tests with their leading variant, the wizard, and one test's results. */
import { useStore } from '@nanostores/react';
import { FlaskConical, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { PaidPlanNotice } from '../../../ui/dashboard/PaidPlanNotice';
import { can } from '../../../lib/plans';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import {
  $experimentResults,
  $experiments,
  declareWinner,
  refetchExperimentResults,
  leadingVariant,
  setExperimentStatus,
  duplicateExperiment,
} from '../../data/experiments';
import type { ExperimentRecord } from '../../data/records';
import { $rules } from '../../data/rules';
import { rulesYieldingTo } from '../../../lib/experiment-precedence';
import { useSiteContext } from '../../data/siteContext';
import { CreateTestDialog } from './CreateTestDialog';
import { FREE_PLAN_TESTS } from './copy';
import { TestDetail } from './TestDetail';
import { daysRunning, percent, signedPercent } from './format';

const STATUS_TONES = { draft: 'secondary', running: 'success', paused: 'warning', completed: 'default' } as const;

export default function TestsScreen() {
  const { site, loading, canEdit } = useSiteContext();
  const experiments = useStore($experiments);
  const results = useStore($experimentResults);
  const rules = useStore($rules);
  // 'Create New Test' elsewhere links here with ?new.
  const [creating, setCreating] = useState(() => new URLSearchParams(window.location.search).has('new'));
  // The visual editor links a started test here (?test=<id>) to duplicate it.
  const [openId, setOpenId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('test'));
  const [busy, setBusy] = useState<string | null>(null);

  // Results move with traffic: reload them when a test is opened.
  useEffect(() => {
    if (openId) void refetchExperimentResults();
  }, [openId]);

  if (!loading && !site) return <NoSite />;
  // Said before the wizard, not after it: the server refuses 'Start Test' on the Free plan.
  const paid = !site || can(site.plan_tier, 'deploy_optimization');

  async function act(x: ExperimentRecord, label: string, run: () => Promise<unknown>, done: string) {
    setBusy(x.id);
    try {
      await run();
      notify(done, x.name, 'success');
      await refetchExperimentResults();
    } catch (err) {
      notify(`${label} failed`, errorMessage(err, `Could not ${label.toLowerCase()}.`), 'destructive');
    } finally {
      setBusy(null);
    }
  }

  const actionsFor = (x: ExperimentRecord) => {
    if (!canEdit) return null;
    const winner = results[x.id]?.variants.find((v) => v.can_declare_winner);
    return (
      <>
        {x.status === 'draft' && (
          <Button
            disabled={busy === x.id}
            onClick={() => void act(x, 'Start Test', () => setExperimentStatus(x.id, 'running'), 'Test started')}
          >
            Start Test
          </Button>
        )}
        {x.status === 'running' && (
          <Button
            variant="outline"
            disabled={busy === x.id}
            onClick={() => void act(x, 'Pause Test', () => setExperimentStatus(x.id, 'paused'), 'Test paused')}
          >
            Pause Test
          </Button>
        )}
        {x.status === 'paused' && (
          <Button
            variant="outline"
            disabled={busy === x.id}
            onClick={() => void act(x, 'Resume Test', () => setExperimentStatus(x.id, 'running'), 'Test resumed')}
          >
            Resume Test
          </Button>
        )}
        {x.status === 'running' && winner && (
          <Button
            disabled={busy === x.id}
            onClick={() =>
              void act(
                x,
                'Declare Winner',
                () => declareWinner(x.id, winner.key),
                // A split URL test's winner is another page: the owner points the original at it.
                x.test_type === 'split_url'
                  ? `${winner.name} won: send the original's visitors to ${x.variants?.find((v) => v.key === winner.key)?.url ?? 'its URL'}`
                  : `${winner.name} deployed to every visitor`,
              )
            }
          >
            Declare Winner
          </Button>
        )}
      </>
    );
  };

  const open = experiments?.find((x) => x.id === openId);
  if (open)
    return (
      <TestDetail
        domain={canEdit && site ? site.domain : ''}
        experiment={open}
        results={results[open.id]}
        yieldingRules={rulesYieldingTo(rules ?? [], open)}
        actions={
          <>
            {actionsFor(open)}
            {canEdit && open.status !== 'draft' && (
              <Button
                variant="outline"
                disabled={busy === open.id}
                onClick={() =>
                  void act(open, 'Duplicate', async () => setOpenId((await duplicateExperiment(open)).id), 'Test duplicated as a draft')
                }
              >
                Duplicate
              </Button>
            )}
          </>
        }
        onBack={() => setOpenId(null)}
      />
    );

  return (
    <div className="space-y-6">
      <ScreenHeader
        title="A/B Tests"
        subtitle="Experiments on your site"
        actions={
          canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" />
              Create Test
            </Button>
          )
        }
      />
      {!paid && canEdit && <PaidPlanNotice>{FREE_PLAN_TESTS}</PaidPlanNotice>}
      {experiments === undefined ? null : experiments.length === 0 ? (
        <Card>
          <EmptyState icon={FlaskConical} title="No tests yet">
            Create a test to compare variations with real visitors.
          </EmptyState>
        </Card>
      ) : (
        <Card>
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3">Test</th>
                <th className="pr-3">Status</th>
                <th className="pr-3">Days running</th>
                <th className="pr-3">Exposed users</th>
                <th className="pr-3">Uplift</th>
                <th className="pr-3">Chance to win</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {experiments.map((x) => {
                const r = results[x.id];
                const lead = leadingVariant(r);
                return (
                  <tr key={x.id} className="border-t border-slate-100" data-testid={`test-${x.id}`}>
                    <td className="py-2 pr-3">
                      <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={() => setOpenId(x.id)}>
                        {x.name}
                      </button>
                    </td>
                    <td className="pr-3">
                      <Badge tone={STATUS_TONES[x.status]}>{x.status}</Badge>
                    </td>
                    <td className="pr-3">{daysRunning(x.started_at, x.ended_at)}</td>
                    <td className="pr-3">{r ? r.variants.reduce((n, v) => n + v.users, 0).toLocaleString('en-US') : '—'}</td>
                    <td className="pr-3">{lead ? `${signedPercent(lead.stats!.uplift)} (${lead.name})` : '—'}</td>
                    <td className="pr-3">{lead ? percent(lead.stats!.chance_to_beat_control) : '—'}</td>
                    <td className="space-x-2 py-2 text-right">{actionsFor(x)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
      {creating && site && canEdit && (
        <CreateTestDialog
          siteId={site.id}
          paid={paid}
          onClose={() => setCreating(false)}
          onCreated={(x) => {
            setCreating(false);
            setOpenId(x.id);
          }}
        />
      )}
    </div>
  );
}
