/**
 * The Funnels screen's micro goals: each with its completions and points over the chosen range
 * (counted from the site's visits), and 'Add Micro Goal' for editors.
 */
import { useStore } from '@nanostores/react';
import { Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { GoalDialog } from '../../../ui/dashboard/GoalDialog';
import { goalKindLabel } from '../../../lib/goal-labels';
import type { GoalInput } from '../../../lib/goals';
import { errorMessage } from '../../data/errors';
import { $microGoals, $microGoalsError, $microRange, MICRO_RANGES, createGoal, refetchMicroGoals, type MicroRange } from '../../data/goals';
import { useSiteContext } from '../../data/siteContext';

const NEW_MICRO_GOAL: GoalInput = { name: '', type: 'event', match: '', value: 1, micro: true, enabled: true };

export function MicroGoalsCard() {
  const { site, canEdit } = useSiteContext();
  const report = useStore($microGoals);
  const loadError = useStore($microGoalsError);
  const range = useStore($microRange);
  const [adding, setAdding] = useState(false);
  if (!site) return null;
  const format = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

  return (
    <Card
      title="Micro Conversions"
      testId="micro-goals"
      action={
        canEdit && (
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Micro Goal
          </Button>
        )
      }
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Small steps toward a conversion, counted once per visit.</p>
        <div className="inline-flex gap-1" role="group" aria-label="Micro goals range">
          {MICRO_RANGES.map((d) => (
            <Button
              key={d}
              variant={range === d ? 'primary' : 'outline'}
              aria-pressed={range === d}
              onClick={() => $microRange.set(d as MicroRange)}
            >
              {d} days
            </Button>
          ))}
        </div>
      </div>
      {report === undefined ? (
        <p className="text-sm text-slate-500">Loading micro goals...</p>
      ) : !report || report.goals.length === 0 ? (
        <EmptyState icon={Sparkles} title={loadError ? 'Could not load micro goals' : 'No micro goals yet'}>
          {loadError ? 'Please reload the page.' : 'Add a micro goal such as a newsletter signup or an add to cart.'}
        </EmptyState>
      ) : (
        <table className="w-full text-sm" data-testid="micro-goals-table">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th className="py-1 font-medium">Micro goal</th>
              <th className="py-1 text-right font-medium">Completions</th>
              <th className="py-1 text-right font-medium">Points</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.goals.map((g) => (
              <tr key={g.id} data-testid="micro-goal-row">
                <td className="py-2">
                  <span className="font-medium text-slate-900">{g.name}</span>
                  <span className="block text-xs text-slate-500">
                    {goalKindLabel(g.type, g.match)}: {g.match} · {format(g.value)} points each{g.enabled ? '' : ' · off'}
                  </span>
                </td>
                <td className="py-2 text-right tabular-nums" data-testid="micro-goal-completions">
                  {format(g.completions)}
                </td>
                <td className="py-2 text-right tabular-nums" data-testid="micro-goal-points">
                  {format(g.points)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td className="py-2">Total</td>
              <td className="py-2 text-right tabular-nums">{format(report.completions)}</td>
              <td className="py-2 text-right tabular-nums">{format(report.points)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {adding && (
        <GoalDialog
          title="Add Micro Goal"
          initial={NEW_MICRO_GOAL}
          errorMessage={(err) => errorMessage(err, 'Could not save the goal')}
          onClose={() => setAdding(false)}
          onSave={async (goal) => {
            await createGoal(site.id, goal);
            await refetchMicroGoals();
          }}
        />
      )}
    </Card>
  );
}
