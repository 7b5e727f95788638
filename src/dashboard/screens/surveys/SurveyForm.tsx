/** Create or edit a survey: its question, kind and options, thank-you message, targeting and share. */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../data/errors';
import {
  SURVEY_DEVICES,
  SURVEY_KIND_LABELS,
  SURVEY_KINDS,
  isChoiceKind,
  surveyProblems,
  type SurveyDefinition,
  type SurveyKind,
  type SurveyDevice,
} from '../../../lib/surveys';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { saveSurvey, type SurveyRecord } from '../../data/surveys';

export const EMPTY_SURVEY: SurveyDefinition = {
  name: '',
  kind: 'nps',
  question: 'How likely are you to recommend us to a friend or colleague?',
  options: [],
  thanks: 'Thank you for your feedback!',
  pages: '',
  device: 'any',
  delay_seconds: 0,
  exit_intent: false,
  goal_id: '',
  share: 100,
  active: true,
};

const KIND_OPTIONS = SURVEY_KINDS.map((k) => [k, SURVEY_KIND_LABELS[k]] as const);
const DEVICE_OPTIONS = SURVEY_DEVICES.map((d) => [d, d === 'any' ? 'Any device' : d[0]!.toUpperCase() + d.slice(1)] as const);

export function SurveyForm({
  siteId,
  editing,
  goals,
  onSaved,
  onCancel,
}: {
  siteId: string;
  editing: SurveyRecord | null;
  goals: { id: string; name: string }[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState<SurveyDefinition>(editing ?? EMPTY_SURVEY);
  const [optionsText, setOptionsText] = useState((editing?.options ?? []).join('\n'));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof SurveyDefinition>(k: K, v: SurveyDefinition[K]) => setD((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const def = {
      ...d,
      options: isChoiceKind(d.kind)
        ? optionsText
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    };
    const problems = Object.values(surveyProblems(def));
    if (problems.length) return setError(problems[0]!);
    setBusy(true);
    try {
      await saveSurvey(siteId, editing?.id ?? null, def);
      onSaved();
    } catch (err) {
      setError(errorMessage(err, 'The survey could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={editing ? 'Edit survey' : 'New survey'} testId="survey-form">
      <form className="grid gap-3 md:grid-cols-2" onSubmit={submit}>
        <TextField id="survey-name" label="Name" value={d.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />
        <SelectField id="survey-kind" label="Kind" value={d.kind} options={KIND_OPTIONS} onValue={(v: SurveyKind) => set('kind', v)} />
        <div className="md:col-span-2">
          <TextField
            id="survey-question"
            label="Question"
            value={d.question}
            maxLength={300}
            required
            onChange={(e) => set('question', e.target.value)}
          />
        </div>
        {isChoiceKind(d.kind) && (
          <div className="space-y-1 md:col-span-2">
            <label htmlFor="survey-options" className="block text-sm font-medium text-slate-800">
              Options (one per line)
            </label>
            <textarea
              id="survey-options"
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              rows={4}
              value={optionsText}
              onChange={(e) => setOptionsText(e.target.value)}
            />
          </div>
        )}
        <div className="md:col-span-2">
          <TextField
            id="survey-thanks"
            label="Thank-you message"
            value={d.thanks}
            maxLength={300}
            onChange={(e) => set('thanks', e.target.value)}
          />
        </div>
        <div className="space-y-1 md:col-span-2">
          <label htmlFor="survey-pages" className="block text-sm font-medium text-slate-800">
            Pages (URL patterns, one per line; empty = every page)
          </label>
          <textarea
            id="survey-pages"
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            rows={2}
            value={d.pages}
            placeholder="/pricing"
            onChange={(e) => set('pages', e.target.value)}
          />
        </div>
        <SelectField
          id="survey-device"
          label="Device"
          value={d.device}
          options={DEVICE_OPTIONS}
          onValue={(v: SurveyDevice) => set('device', v)}
        />
        <SelectField
          id="survey-goal"
          label="After a goal"
          value={d.goal_id}
          options={[['', 'No goal needed'] as const, ...goals.map((g) => [g.id, g.name] as const)]}
          onValue={(v) => set('goal_id', v)}
        />
        <TextField
          id="survey-delay"
          label="After seconds on the page"
          type="number"
          min={0}
          max={3600}
          value={d.delay_seconds}
          onChange={(e) => set('delay_seconds', Number(e.target.value))}
        />
        <TextField
          id="survey-share"
          label="Share of visitors (%)"
          type="number"
          min={1}
          max={100}
          value={d.share}
          onChange={(e) => set('share', Number(e.target.value))}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={d.exit_intent} onChange={(e) => set('exit_intent', e.target.checked)} /> On exit intent
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={d.active} onChange={(e) => set('active', e.target.checked)} /> Active
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700 md:col-span-2">
            {error}
          </p>
        )}
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit" disabled={busy}>
            Save survey
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
