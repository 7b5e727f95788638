/**
 * Forms (/dashboard/forms): every form the tracker saw on the site, without setup (a form is its
 * stable selector on its page), most abandoned first, with views, starts, submissions and
 * abandonment; a form opens its field-by-field drop-off. 'Use as goal' makes the form's submit a
 * goal, which funnels can then take as a step. Growth and Enterprise (form_analytics).
 */
import { ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { can, upgradeMessage } from '../../../lib/plans';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { FORM_RANGES, fetchForms, type FormFigures, type FormRange } from '../../data/forms';
import { $siteGoals, createGoal } from '../../data/goals';
import { useSiteContext } from '../../data/siteContext';
import { useStore } from '@nanostores/react';
import { FieldDropOff } from './FieldDropOff';

const RANGE_OPTIONS = FORM_RANGES.map((d) => [String(d), `Last ${d} days`] as const);

export default function FormsScreen() {
  const { site, canEdit } = useSiteContext();
  const goals = useStore($siteGoals);
  const [days, setDays] = useState<FormRange>(30);
  const [result, setResult] = useState<{ key: string; forms: FormFigures[] | null } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const allowed = !!site && can(site.plan_tier, 'form_analytics');
  const key = site ? `${site.id}:${days}` : '';
  useEffect(() => {
    if (!site || !allowed) return;
    const asked = `${site.id}:${days}`;
    fetchForms(site.id, days).then(
      (r) => setResult({ key: asked, forms: r.forms }),
      () => setResult({ key: asked, forms: null }),
    );
  }, [site, days, allowed]);
  if (!site) return null;
  const loaded = result?.key === key ? result : null;

  const asGoal = async (f: FormFigures) => {
    try {
      await createGoal(site.id, {
        name: `Form on ${f.path}`.slice(0, 100),
        type: 'form',
        match: f.selector,
        value: 0,
        micro: false,
        enabled: true,
      });
      notify('Goal created', 'Its submits count as conversions; funnels can use it as a step.');
    } catch (err) {
      notify('Could not create the goal', errorMessage(err, 'Please try again.'), 'destructive');
    }
  };

  return (
    <div className="space-y-4">
      <ScreenHeader
        title="Forms"
        subtitle="Where visitors hesitate, refill and give up on your forms"
        actions={
          allowed && (
            <SelectField
              id="forms-range"
              label="Range"
              labelClassName="sr-only"
              value={String(days)}
              options={RANGE_OPTIONS}
              onValue={(v) => setDays(Number(v) as FormRange)}
            />
          )
        }
      />
      {!allowed ? (
        <Card testId="forms-upgrade">
          <p className="text-sm text-slate-700">{upgradeMessage('form_analytics')}</p>
        </Card>
      ) : !loaded ? (
        <Spinner />
      ) : !loaded.forms ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          Could not load form analytics. Please try again.
        </p>
      ) : loaded.forms.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No forms seen yet">
          Forms appear here once visitors open a page with a form: no setup, the tracking script finds them. Field values are never
          recorded.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="forms-table">
            <caption className="sr-only">Forms, most abandoned first</caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-3 py-2">Form</th>
                <th className="px-3 py-2">Views</th>
                <th className="px-3 py-2">Starts</th>
                <th className="px-3 py-2">Submissions</th>
                <th className="px-3 py-2">Abandonment</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            {loaded.forms.map((f) => {
              const id = `${f.path} ${f.selector}`;
              const goal = goals?.some((g) => g.type === 'form' && g.match === f.selector);
              return (
                <tbody key={id} data-testid="form-row" data-form={f.selector}>
                  <tr className="border-t border-slate-100">
                    <td className="px-3 py-2">
                      <span className="font-medium">{f.path}</span> <code className="text-xs text-slate-600">{f.selector}</code>
                    </td>
                    <td className="px-3 py-2 tabular-nums" data-testid="form-views">
                      {f.views}
                    </td>
                    <td className="px-3 py-2 tabular-nums" data-testid="form-starts">
                      {f.starts}
                    </td>
                    <td className="px-3 py-2 tabular-nums" data-testid="form-submissions">
                      {f.submissions}
                    </td>
                    <td className="px-3 py-2 tabular-nums" data-testid="form-abandonment">
                      {Math.round(f.abandonmentRate * 100)}% ({f.abandoned})
                    </td>
                    <td className="space-x-2 whitespace-nowrap px-3 py-2 text-right">
                      <Button variant="outline" aria-expanded={open === id} onClick={() => setOpen(open === id ? null : id)}>
                        Fields
                      </Button>
                      {canEdit && !goal && (
                        <Button variant="ghost" onClick={() => void asGoal(f)}>
                          Use as goal
                        </Button>
                      )}
                    </td>
                  </tr>
                  {open === id && (
                    <tr>
                      <td colSpan={6} className="bg-slate-50 px-3 py-3">
                        <FieldDropOff form={f} />
                      </td>
                    </tr>
                  )}
                </tbody>
              );
            })}
          </table>
        </div>
      )}
    </div>
  );
}
