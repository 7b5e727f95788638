/**
 * 'Create Test': the test type (an A/B test; a multi-page test's pages, MultiPageFields; a
 * multivariate test's sections, SectionsFields), hypothesis, page and element, 1 to 3 variants with a change each, goal, traffic,
 * guardrails (GuardrailFields) and the sample-size planner (SamplePlanner: the goal's measured baseline, visitors per variant and
 * days at the site's traffic). Saves a draft; 'Start Test' on the list sets it running.
 */
import { useStore } from '@nanostores/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { $audiences } from '../../data/audiences';
import { GroupField } from './GroupField';
import { SelectField } from '../../../ui/SelectField';
import { CONTROL_KEY, MAX_TEST_VARIANTS, REVENUE_GOAL, type Guardrail } from '../../../lib/experiments';
import { validateRuleChanges, type RuleChange } from '../../../lib/rule-changes';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { ChangeFields, cleanChange } from '../../../ui/dashboard/ChangeFields';
import { EditVisuallyButton } from '../../../ui/dashboard/EditVisuallyButton';
import { notify } from '../../../ui/toast';
import { errorMessage } from '../../data/errors';
import { $goals, createExperiment, type NewExperiment } from '../../data/experiments';
import type { ExperimentRecord } from '../../data/records';
import { $currentSite } from '../../data/sites';
import { DEFAULT_GUARDRAILS, GuardrailFields } from './GuardrailFields';
import { SamplePlanner } from './SamplePlanner';
import { StatisticsFields } from './StatisticsFields';
import { DEFAULT_CUPED_WINDOW_DAYS, type Correction, type PostStratification } from '../../../lib/experiment-statistics';
import { GOAL_PER_SESSION, RATIO_METRICS, RATIO_METRIC_LABELS } from '../../../lib/experiment-metrics';
import { PaidPlanNotice } from '../../../ui/dashboard/PaidPlanNotice';
import { FREE_PLAN_TESTS } from './copy';
import { siteHosts, splitUrlProblem } from '../../../lib/split-url';
import { TEST_TYPE_LABELS, type TestType } from '../../../lib/experiment-parts';
import { MultiPageFields, buildMultiPage, initialMultiPage } from './MultiPageFields';
import { SectionsFields, buildSections, draftCombinations, initialSections } from './SectionsFields';

/** The kinds of test the wizard creates, in the order it offers them. */
const TEST_TYPE_CHOICES: TestType[] = ['ab', 'split_url', 'multi_page', 'multivariate'];

interface VariantDraft {
  name: string;
  change: RuleChange;
  /** A split URL test's variant address. */
  url?: string;
}

const VARIANT_KEYS = ['b', 'c', 'd'];

export function CreateTestDialog({
  siteId,
  paid,
  onClose,
  onCreated,
}: {
  siteId: string;
  /** False on the Free plan: the test can be saved as a draft, not started. */
  paid: boolean;
  onClose: () => void;
  onCreated: (x: ExperimentRecord) => void;
}) {
  const goals = useStore($goals);
  const site = useStore($currentSite);
  const [testType, setTestType] = useState<TestType>('ab');
  const [multiPage, setMultiPage] = useState(initialMultiPage);
  const [sections, setSections] = useState(initialSections);
  const [name, setName] = useState('');
  const [hypothesis, setHypothesis] = useState('');
  const [urlPattern, setUrlPattern] = useState('/*');
  const split = testType === 'split_url';
  const [selector, setSelector] = useState('');
  const [variants, setVariants] = useState<VariantDraft[]>([{ name: 'Variant B', change: { type: 'set_text', value: '' } }]);
  const [goal, setGoal] = useState('');
  const [traffic, setTraffic] = useState(100);
  const [mde, setMde] = useState('10');
  const [plannedTotal, setPlannedTotal] = useState(0);
  const [guardrails, setGuardrails] = useState<Guardrail[]>(DEFAULT_GUARDRAILS);
  const [correction, setCorrection] = useState<Correction | ''>('');
  const [windowDays, setWindowDays] = useState(DEFAULT_CUPED_WINDOW_DAYS);
  const [strata, setStrata] = useState<PostStratification | ''>('');
  const [bandit, setBandit] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const audiences = useStore($audiences) ?? [];
  const [audience, setAudience] = useState('');
  const [group, setGroup] = useState('');

  const chosenGoal = goal || goals[0]?.id || REVENUE_GOAL;
  const arms =
    testType === 'multivariate'
      ? draftCombinations(sections)
      : testType === 'multi_page'
        ? multiPage.variants.length + 1
        : variants.length + 1;

  const setVariant = (i: number, patch: Partial<VariantDraft>) => setVariants((vs) => vs.map((v, j) => (j === i ? { ...v, ...patch } : v)));

  /**
   * The test as it will be stored, or an error. For the visual editor a variant whose change was
   * left empty starts without changes (the editor fills them).
   */
  function build(visual: boolean): { error: string } | { body: NewExperiment } {
    if (!name.trim()) return { error: 'Give the test a name.' };
    const design = designOf(visual);
    if ('error' in design) return design;
    return {
      body: {
        name: name.trim(),
        hypothesis: hypothesis.trim(),
        url_pattern: urlPattern.trim(),
        selector: split ? '' : selector.trim(),
        ...design,
        primary_goal: chosenGoal,
        traffic,
        minimum_detectable_effect: Number(mde) || 0,
        planned_sample_size: plannedTotal,
        guardrails,
        audience,
        exclusion_group: group,
        correction,
        cuped_window_days: windowDays,
        post_stratification: strata,
        bandit,
      },
    };
  }

  /** The type's own fields: pages, sections (the server expands their combinations) or variants. */
  function designOf(visual: boolean): { error: string } | Pick<NewExperiment, 'test_type' | 'pages' | 'sections' | 'variants'> {
    if (testType === 'multi_page') {
      const d = buildMultiPage(multiPage);
      return 'error' in d ? d : { test_type: testType, pages: d.pages, variants: d.variants };
    }
    if (testType === 'multivariate') {
      const d = buildSections(sections);
      return 'error' in d ? d : { test_type: testType, sections: d.sections, variants: [] };
    }
    const built = abVariants(visual);
    return 'error' in built ? built : { test_type: testType, variants: built.variants };
  }

  function abVariants(visual: boolean): { error: string } | { variants: NewExperiment['variants'] } {
    const weight = 1 / arms;
    const built = [];
    if (split) {
      const list = [{}, ...variants.map((v) => ({ url: (v.url || '').trim() }))];
      const problem = splitUrlProblem(testType, urlPattern, list, siteHosts(site?.domain ?? '', site?.staging_domain ?? ''));
      if (problem) return { error: problem };
    }
    for (const [i, v] of variants.entries()) {
      if (split) {
        const key = VARIANT_KEYS[i]!;
        built.push({ key, name: v.name.trim() || `Variant ${key.toUpperCase()}`, weight, changes: [], url: (v.url || '').trim() });
        continue;
      }
      const empty = v.change.type !== 'hide' && !(v.change.value || '').trim();
      const valid = visual && empty ? { ok: true as const, changes: [] } : validateRuleChanges([cleanChange(v.change)], selector.trim());
      if (!valid.ok) return { error: `${v.name || `Variant ${i + 1}`}: ${valid.error}` };
      built.push({
        key: VARIANT_KEYS[i]!,
        name: v.name.trim() || `Variant ${VARIANT_KEYS[i]!.toUpperCase()}`,
        weight,
        changes: valid.changes,
      });
    }
    return { variants: [{ key: CONTROL_KEY, name: 'Control', weight, changes: [] }, ...built] };
  }

  async function create(visual: boolean): Promise<ExperimentRecord | null> {
    const b = build(visual);
    if ('error' in b) {
      setError(b.error);
      return null;
    }
    setBusy(true);
    setError(null);
    try {
      const record = await createExperiment(siteId, b.body);
      notify('Test created', `${record.name} is a draft: start it when you are ready.`, 'success');
      onCreated(record);
      return record;
    } catch (err) {
      setError(errorMessage(err, 'Could not create the test.'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    await create(false);
  }

  return (
    <Dialog title="Create Test" onClose={onClose}>
      <form onSubmit={(e) => void save(e)} className="space-y-3" noValidate>
        {!paid && <PaidPlanNotice>{FREE_PLAN_TESTS}</PaidPlanNotice>}
        <TextField id="test-name" label="Test name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        <TextAreaField
          id="test-hypothesis"
          label="Hypothesis"
          rows={2}
          value={hypothesis}
          maxLength={2000}
          onChange={(e) => setHypothesis(e.target.value)}
        />
        <SelectField
          id="test-type"
          label="Test type"
          value={testType}
          options={TEST_TYPE_CHOICES.map((t) => [t, TEST_TYPE_LABELS[t]] as const)}
          onValue={setTestType}
        />
        <SelectField
          id="test-audience"
          label="Audience"
          value={audience}
          options={[['', 'Everyone'] as const, ...audiences.map((a) => [a.id, a.name] as const)]}
          onValue={setAudience}
        />
        <GroupField siteId={siteId} value={group} onValue={setGroup} />
        {testType !== 'multi_page' && (
          <TextField
            id="test-url"
            label={split ? 'Original page (URL pattern)' : 'Page (URL pattern)'}
            hint={
              split
                ? 'The page visitors are sent away from, e.g. /landing or /shop/*'
                : 'A path with * wildcards, e.g. /pricing or /products/*'
            }
            value={urlPattern}
            onChange={(e) => setUrlPattern(e.target.value)}
          />
        )}
        {testType === 'multi_page' && <MultiPageFields value={multiPage} onChange={setMultiPage} />}
        {testType === 'multivariate' && <SectionsFields value={sections} onChange={setSections} />}
        {testType !== 'multi_page' && testType !== 'multivariate' && (
          <>
            {!split && (
              <TextField
                id="test-selector"
                label="Element (CSS selector)"
                hint="e.g. .hero h1"
                value={selector}
                onChange={(e) => setSelector(e.target.value)}
              />
            )}
            {site && !split && (
              <EditVisuallyButton
                domain={site.domain}
                urlPattern={urlPattern}
                label="Create draft and edit visually"
                before={() => {
                  const b = build(true);
                  return 'error' in b ? b.error : null;
                }}
                target={async () => {
                  const record = await create(true);
                  return record ? { kind: 'experiment', id: record.id, variant: VARIANT_KEYS[0] } : null;
                }}
              />
            )}
            <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium">Variants</legend>
              <p className="text-xs text-slate-500">
                {split
                  ? "The control is your page as it is; each variant sends its visitors to another URL on your site, keeping their query string (a * takes what the original's * matched)."
                  : 'The control is your page as it is; each variant changes the element.'}
              </p>
              {variants.map((v, i) => (
                <div key={i} className="space-y-2 rounded border border-slate-100 bg-slate-50 p-2" data-testid="variant-row">
                  <div className="flex gap-2">
                    <input
                      aria-label={`Variant ${i + 1} name`}
                      value={v.name}
                      maxLength={100}
                      onChange={(e) => setVariant(i, { name: e.target.value })}
                      className="flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                    />
                    <Button
                      variant="ghost"
                      aria-label={`Remove variant ${i + 1}`}
                      disabled={variants.length === 1}
                      onClick={() => setVariants((vs) => vs.filter((_, j) => j !== i))}
                    >
                      <Trash2 className="h-4 w-4" />
                    </Button>
                  </div>
                  {split ? (
                    <TextField
                      id={`variant-${i}-url`}
                      label={`Variant ${i + 1} URL`}
                      hint="e.g. /landing-b, or /new-shop/* for /shop/*"
                      value={v.url ?? ''}
                      onChange={(e) => setVariant(i, { url: e.target.value })}
                    />
                  ) : (
                    <ChangeFields
                      id={`variant-${i}-change`}
                      label={`Variant ${i + 1} change`}
                      change={v.change}
                      onChange={(change) => setVariant(i, { change })}
                    />
                  )}
                </div>
              ))}
              <Button
                variant="outline"
                disabled={variants.length >= MAX_TEST_VARIANTS}
                onClick={() =>
                  setVariants((vs) => [
                    ...vs,
                    { name: `Variant ${VARIANT_KEYS[vs.length]!.toUpperCase()}`, change: { type: 'set_text', value: '' } },
                  ])
                }
              >
                <Plus className="h-4 w-4" />
                Add variant
              </Button>
            </fieldset>
          </>
        )}
        <div className="space-y-1">
          <label htmlFor="test-goal" className="block text-sm font-medium text-slate-800">
            Goal
          </label>
          <select
            id="test-goal"
            value={chosenGoal}
            onChange={(e) => setGoal(e.target.value)}
            className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {goals.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
            <option value={REVENUE_GOAL}>Revenue per visitor</option>
            {RATIO_METRICS.map((m) => (
              <option key={m} value={m}>
                {RATIO_METRIC_LABELS[m]}
              </option>
            ))}
            {goals.map((g) => (
              <option key={`per-session-${g.id}`} value={`${GOAL_PER_SESSION}${g.id}`}>
                {g.name} per session
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="test-traffic"
          label="Traffic in the test (%)"
          type="number"
          min={1}
          max={100}
          value={traffic}
          onChange={(e) => setTraffic(Math.min(100, Math.max(0, Number(e.target.value) || 0)))}
        />
        <SamplePlanner siteId={siteId} goal={chosenGoal} arms={arms} traffic={traffic} mde={mde} onMde={setMde} onTotal={setPlannedTotal} />
        <GuardrailFields value={guardrails} onChange={setGuardrails} />
        <StatisticsFields
          correction={correction}
          windowDays={windowDays}
          strata={strata}
          onCorrection={setCorrection}
          onWindowDays={setWindowDays}
          onStrata={setStrata}
          bandit={bandit}
          onBandit={setBandit}
        />
        <FormError error={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={busy}>
            Create Test
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
