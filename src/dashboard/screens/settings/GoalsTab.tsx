/**
 * The Goals tab: what the current site counts as a conversion (and its micro goals). Editors add,
 * edit, switch off and delete goals; viewers read them. The server checks every goal.
 */
import { useStore } from '@nanostores/react';
import { Target } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { Switch } from '../../../ui/Switch';
import { notify } from '../../../ui/toast';
import { GoalDialog } from '../../../ui/dashboard/GoalDialog';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { goalKindLabel } from '../../../lib/goal-labels';
import type { GoalInput } from '../../../lib/goals';
import { errorMessage } from '../../data/errors';
import { $siteGoals, $siteGoalsError, createGoal, deleteGoal, updateGoal, type SiteGoalRecord } from '../../data/goals';
import { useSiteContext } from '../../data/siteContext';

const NEW_GOAL: GoalInput = { name: '', type: 'url', match: '', value: 0, micro: false, enabled: true };

export function GoalsTab() {
  const { site, canEdit } = useSiteContext();
  const goals = useStore($siteGoals);
  const loadError = useStore($siteGoalsError);
  const [editing, setEditing] = useState<SiteGoalRecord | 'new' | null>(null);
  if (!site) return <NoSite />;

  const act = async (work: () => Promise<unknown>, failure: string) => {
    try {
      await work();
    } catch (err) {
      notify(failure, errorMessage(err, 'Please try again.'), 'destructive');
    }
  };

  return (
    <Card
      title="Goals"
      testId="goals"
      action={
        canEdit && (
          <Button onClick={() => setEditing('new')}>
            <Target className="h-4 w-4" aria-hidden /> Add Goal
          </Button>
        )
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        Goals are counted as visits arrive: a page view, a click, a form submit, a custom event or a purchase. Micro goals are small steps,
        counted apart from conversions.
        {!canEdit && ' Only editors, admins and the owner can change them.'}
      </p>
      {goals === undefined ? (
        <p className="text-sm text-slate-500">Loading goals...</p>
      ) : goals.length === 0 ? (
        <EmptyState icon={Target} title={loadError ? 'Could not load goals' : 'No goals yet'}>
          {loadError ? 'Please reload the page.' : 'Add a goal to count conversions.'}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Goals">
          {goals.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="goal-row">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {g.name} {g.micro && <Badge tone="secondary">Micro</Badge>}
                </p>
                <p className="truncate text-xs text-slate-500">
                  {goalKindLabel(g.type, g.match)}
                  {g.type === 'event' && g.match === 'purchase' ? '' : `: ${g.match}`}
                  {g.value > 0 && ` · ${g.micro ? `${g.value} points` : `value ${g.value}`}`}
                </p>
              </div>
              <Switch
                checked={g.enabled}
                disabled={!canEdit}
                aria-label={`${g.name} enabled`}
                onToggle={() => void act(() => updateGoal(g.id, { enabled: !g.enabled }), 'Could not update the goal')}
              />
              {canEdit && (
                <>
                  <Button variant="outline" onClick={() => setEditing(g)} aria-label={`Edit ${g.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => void act(() => deleteGoal(g.id), 'Could not delete the goal')}
                    aria-label={`Delete ${g.name}`}
                  >
                    Delete
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <GoalDialog
          title={editing === 'new' ? 'Add Goal' : 'Edit Goal'}
          initial={editing === 'new' ? NEW_GOAL : editing}
          errorMessage={(err) => errorMessage(err, 'Could not save the goal')}
          onClose={() => setEditing(null)}
          onSave={(goal) => (editing === 'new' ? createGoal(site.id, goal) : updateGoal(editing.id, goal))}
        />
      )}
    </Card>
  );
}
