/** One survey's results: NPS with its 95% interval (or the average rating, or choice shares), open answers and their themes. */
import { useEffect, useState } from 'react';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { surveyResults, type SurveyRecord, type SurveyResults } from '../../data/surveys';

const signed = (n: number) => (n > 0 ? '+' : '') + n;

export function SurveyResultsCard({ survey }: { survey: SurveyRecord }) {
  const [r, setR] = useState<SurveyResults | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    surveyResults(survey.id).then(setR, () => setError(true));
  }, [survey.id]);
  if (error) return <p className="text-sm text-red-700">The results could not be loaded.</p>;
  if (!r) return <Spinner />;
  const open = r.answers.filter((a) => a.text);
  return (
    <Card title={`Results: ${survey.name || survey.question}`} testId="survey-results">
      <p className="text-sm text-slate-600">
        <span data-testid="survey-responses">{r.responses}</span> responses
      </p>
      {r.nps && r.nps.nps !== null && (
        <div className="mt-3">
          <p className="text-3xl font-semibold" data-testid="survey-nps">
            NPS {signed(r.nps.nps)}
          </p>
          <p className="text-sm text-slate-600" data-testid="survey-nps-interval">
            95% interval {signed(r.nps.low!)} to {signed(r.nps.high!)} · {r.nps.promoters} promoters, {r.nps.passives} passives,{' '}
            {r.nps.detractors} detractors
          </p>
        </div>
      )}
      {r.average !== null && <p className="mt-3 text-2xl font-semibold">Average rating {r.average} of 5</p>}
      {r.choices.length > 0 && (
        <table className="mt-3 w-full text-sm" data-testid="survey-choices">
          <thead>
            <tr className="text-left text-slate-500">
              <th>Option</th>
              <th>Answers</th>
              <th>Share</th>
            </tr>
          </thead>
          <tbody>
            {r.choices.map((c) => (
              <tr key={c.option}>
                <td>{c.option}</td>
                <td>{c.count}</td>
                <td>{c.share}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">Themes</h3>
          <p className="text-xs text-slate-500" data-testid="survey-themes-engine">
            {r.themes.engine}
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {r.themes.list.map((t) => (
              <li key={t.keyword}>
                {t.keyword} ({t.count})
              </li>
            ))}
            {!r.themes.list.length && <li>No keyword shared by two answers yet.</li>}
          </ul>
          <h3 className="mt-4 text-sm font-semibold">Open answers</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {open.map((a, i) => (
              <li key={i}>
                “{a.text}”{' '}
                <a className="text-indigo-700 underline" href={`/dashboard/recordings?session=${encodeURIComponent(a.session)}`}>
                  Session
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {r.answers.length > 0 && !open.length && (
        <p className="mt-3 text-xs text-slate-500">
          Latest answer&apos;s session:{' '}
          <a className="text-indigo-700 underline" href={`/dashboard/recordings?session=${encodeURIComponent(r.answers[0]!.session)}`}>
            open its recording
          </a>
        </p>
      )}
    </Card>
  );
}
