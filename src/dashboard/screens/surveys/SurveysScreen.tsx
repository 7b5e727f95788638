/**
 * The Surveys screen (Growth and above; the server refuses other plans, this mirrors it): the
 * site's on-page surveys, a form to create or edit one (owners, admins and editors), and a
 * survey's results.
 */
import { useCallback, useEffect, useState } from 'react';
import { Lock } from 'lucide-react';
import { can, upgradeMessage } from '../../../lib/plans';
import { SURVEY_KIND_LABELS, type SurveyKind } from '../../../lib/surveys';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { useSiteContext } from '../../data/siteContext';
import { deleteSurvey, listSurveys, surveyGoalChoices, type SurveyRecord } from '../../data/surveys';
import { SurveyForm } from './SurveyForm';
import { SurveyResultsCard } from './SurveyResultsCard';

const TITLE = 'Surveys';
const SUBTITLE = 'Ask visitors on the page: NPS, ratings, choices and open questions';

export default function SurveysScreen() {
  const { site, canEdit } = useSiteContext();
  const [list, setList] = useState<SurveyRecord[] | null>(null);
  const [goals, setGoals] = useState<{ id: string; name: string }[]>([]);
  const [editing, setEditing] = useState<SurveyRecord | 'new' | null>(null);
  const [viewing, setViewing] = useState<SurveyRecord | null>(null);
  const siteId = site?.id ?? '';
  const allowed = !!site && can(site.plan_tier, 'surveys');
  const load = useCallback(() => {
    if (!siteId || !allowed) return;
    listSurveys(siteId).then(setList, () => setList([]));
    surveyGoalChoices(siteId).then(setGoals, () => setGoals([]));
  }, [siteId, allowed]);
  useEffect(load, [load]);

  if (!site) return <NoSite />;
  if (!allowed) {
    return (
      <div>
        <ScreenHeader title={TITLE} subtitle={SUBTITLE} />
        <Card testId="surveys-upgrade" className="mx-auto max-w-xl text-center">
          <Lock className="mx-auto mb-2 h-8 w-8 text-indigo-600" aria-hidden="true" />
          <p className="text-sm text-slate-600">{upgradeMessage('surveys')}</p>
          <a
            href="/pricing"
            className="mt-4 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Upgrade
          </a>
        </Card>
      </div>
    );
  }
  return (
    <div className="space-y-4 pb-40">
      <ScreenHeader title={TITLE} subtitle={SUBTITLE} actions={canEdit && <Button onClick={() => setEditing('new')}>New survey</Button>} />
      {editing && (
        <SurveyForm
          key={editing === 'new' ? 'new' : editing.id}
          siteId={site.id}
          editing={editing === 'new' ? null : editing}
          goals={goals}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      <Card title="Your surveys" testId="surveys-list">
        {!list ? (
          <Spinner />
        ) : !list.length ? (
          <p className="text-sm text-slate-600">No surveys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="flex-1">
                  <span className="font-medium">{s.name || s.question}</span>{' '}
                  <span className="text-slate-500">
                    {SURVEY_KIND_LABELS[s.kind as SurveyKind]} · {s.share}% of visitors{s.exit_intent ? ' · on exit intent' : ''} ·{' '}
                    {s.active ? 'Active' : 'Paused'}
                  </span>
                </span>
                <Button variant="outline" onClick={() => setViewing(s)} aria-label={`Results of ${s.name || s.question}`}>
                  Results
                </Button>
                {canEdit && (
                  <>
                    <Button variant="ghost" onClick={() => setEditing(s)}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => {
                        if (confirm('Delete this survey and its answers?')) deleteSurvey(s.id).then(load, load);
                      }}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {viewing && <SurveyResultsCard key={viewing.id} survey={viewing} />}
    </div>
  );
}
