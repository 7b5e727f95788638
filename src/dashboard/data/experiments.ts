/**
 * The current site's A/B tests, followed by realtime, with the statistics the server computes for
 * each started test (GET /api/cro/experiments/{id}/results), and the changes the dashboard makes.
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { Correction, PostStratification } from '../../lib/experiment-statistics';
import type { ExperimentVariant, Guardrail, GuardrailMetric, GuardrailStatus } from '../../lib/experiments';
import type { TestPage, TestSection, TestType } from '../../lib/experiment-parts';
import { createCollectionStore, fieldIs } from './collectionStore';
import { $siteGoals, type SiteGoalRecord } from './goals';
import { createLiveStore } from './liveStore';
import type { ExperimentRecord } from './records';
import { $currentSiteId } from './sites';

/** An interval end is null when unbounded. */
export type Interval = [number | null, number | null];

/** One variant against the control on one metric, from the server's statistics engine. */
export interface MetricStats {
  status: 'ok' | 'zero_variance' | 'baseline_zero';
  control_mean: number;
  variant_mean: number;
  /** Relative uplift: 0.1 is +10%. */
  uplift: number;
  uplift_ci: Interval;
  p_value: number;
  sequential_ci: Interval;
  sequential_p_value: number;
  chance_to_beat_control: number;
  risk: [number, number];
  /** Standard error of the uplift. */
  se: number;
  /** CUPED-adjusted for the visitors' pre-exposure behaviour. */
  cuped: boolean;
  /** Post-stratified by the results' postStratification.dimension. */
  post_stratified: boolean;
  /** Corrected for the experiment's comparisons; null without a correction. */
  p_value_adjusted: number | null;
  uplift_ci_adjusted: Interval | null;
}

/** What CUPED did to a metric (null when the test's window is 0). */
export interface CupedSummary {
  window_days: number;
  applied: boolean[];
  /** Per variant: the share of the uplift's variance removed; null where CUPED did not apply. */
  variance_reduction: (number | null)[];
}

export interface VariantResult {
  key: string;
  name: string;
  weight: number;
  users: number;
  conversions: number;
  rate: number;
  revenue_per_visitor: number;
  stats?: MetricStats;
  revenue_stats?: MetricStats;
  /** The same comparisons before CUPED. */
  unadjusted_stats?: MetricStats;
  unadjusted_revenue_stats?: MetricStats;
  can_declare_winner: boolean;
  /** A multivariate test's combination: the alternative shown in each section. */
  combination?: number[];
}

/** One alternative of a multivariate test's section, pooled over the other sections' alternatives. */
export interface AlternativeEffect {
  key: string;
  name: string;
  users: number;
  conversions: number;
  rate: number;
  revenue_per_visitor: number;
  /** Against the section's original; absent on the original. */
  stats?: MetricStats;
}

/** A multivariate test's main effects: each section's alternatives, corrected over all of them. */
export interface MainEffects {
  sections: { key: string; name: string; alternatives: AlternativeEffect[] }[];
  correction: { method: Correction; chosen: Correction | ''; family_size: number };
}

export interface ExperimentResults {
  experimentId: string;
  status: ExperimentRecord['status'];
  testType: TestType;
  /** A multivariate test's per-section table (null for the other kinds, and for ratio metrics). */
  mainEffects: MainEffects | null;
  goal: { id: string; name: string; type: string };
  variants: VariantResult[];
  srm: { observed: number[]; weights: number[]; p_value: number; srm_ok: boolean };
  cuped: CupedSummary | null;
  revenueCuped: CupedSummary | null;
  /** Post-stratification of the goal's metric: the dimension, its strata and where it applied (null when off). */
  postStratification: { dimension: PostStratification; strata: string[]; applied: boolean[] } | null;
  /** A bandit's allocation periods, oldest first (null for a fixed split). */
  bandit: {
    interval_hours: number;
    min_weight: number;
    periods: {
      started_at: string;
      ended_at: string;
      weights: number[];
      best_arm_probabilities: number[] | null;
      observed: number[];
      srm_p_value: number;
    }[];
  } | null;
  /** The multiple-comparison correction in force over every variant on every goal. */
  correction: { method: Correction; chosen: Correction | ''; family_size: number };
  /** Each configured guardrail's verdict, as the server's background check judges it. */
  guardrails: GuardrailResult[];
  /** Why a paused test was paused automatically (the newest rollback record); null otherwise. */
  pause: { reason: string; at: string; type: string } | null;
}

/** One variant against the control on a guardrail; values are rates (0-1) or revenue per visitor. */
export interface GuardrailVariant {
  key: string;
  name: string;
  status: GuardrailStatus;
  users: number;
  control_users: number;
  control_value: number;
  variant_value: number;
  /** Relative change in percent; null when the control's value is 0. */
  change: number | null;
  sequential_ci: Interval;
}

export interface GuardrailResult {
  metric: GuardrailMetric;
  /** Percent worse than the control a variant may be. */
  threshold: number;
  status: GuardrailStatus;
  variants: GuardrailVariant[];
  /** Exposed visitors the control and each variant need before a guardrail judges them. */
  min_visitors: number;
  /** The breach, in one sentence (only when breached). */
  reason?: string;
}

export type GoalRecord = SiteGoalRecord;

const experimentsState = createCollectionStore<ExperimentRecord>({
  collection: 'experiments',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: '-created_at',
});

/** The current site's tests, newest first; `undefined` while loading, `[]` if the load failed. */
export const $experiments = computed(experimentsState, (s) => s.value ?? (s.error ? [] : undefined));
export const $experimentsError = computed(experimentsState, (s) => s.error);
export const refetchExperiments = () => experimentsState.refetch();

export const fetchResults = (id: string) =>
  pb.send<ExperimentResults>(`/api/cro/experiments/${encodeURIComponent(id)}/results`, { requestKey: null });

/** Results of every started test of the current site, by experiment id; reloads when a test changes. */
const resultsState = createLiveStore<Record<string, ExperimentResults>, string>({
  name: 'experiment results',
  key: $currentSiteId,
  empty: {},
  realtime: [{ collection: 'experiments', filter: (siteId) => fieldIs('site_id', siteId) }],
  load: async (siteId) => {
    const started = await pb
      .collection('experiments')
      .getFullList<ExperimentRecord>({ filter: `${fieldIs('site_id', siteId)} && status != "draft"`, requestKey: null });
    const pairs = await Promise.all(started.map(async (x) => [x.id, await fetchResults(x.id)] as const));
    return Object.fromEntries(pairs);
  },
});
export const $experimentResults = computed(resultsState, (s) => s.value ?? {});
export const refetchExperimentResults = () => resultsState.refetch();

/** The variant with the best chance to beat the control, or undefined before any result. */
export function leadingVariant(r: ExperimentResults | undefined): VariantResult | undefined {
  return r?.variants
    .filter((v) => v.stats)
    .reduce<VariantResult | undefined>(
      (best, v) => (!best || v.stats!.chance_to_beat_control > best.stats!.chance_to_beat_control ? v : best),
      undefined,
    );
}

/** The current site's goals by name (one store with Settings -> Goals), the tests' possible primary goals besides revenue. */
export const $goals = computed($siteGoals, (goals) => [...(goals ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));

export interface NewExperiment {
  name: string;
  hypothesis: string;
  url_pattern: string;
  selector: string;
  variants: ExperimentVariant[];
  primary_goal: string;
  traffic: number;
  minimum_detectable_effect: number;
  planned_sample_size: number;
  guardrails: Guardrail[];
  /** The audience it is shown to; '' for everyone. */
  audience?: string;
  /** Its exclusive group; '' for none (the server gives it its range). */
  exclusion_group?: string;
  correction: Correction | '';
  cuped_window_days: number;
  post_stratification: PostStratification | '';
  bandit: boolean;
  /** 'ab' when absent; a split-URL test's variants carry URLs; a multi-page test carries `pages` (and its variants' `pages`), a multivariate one `sections`. */
  test_type?: TestType;
  pages?: TestPage[];
  sections?: TestSection[];
}

/** Creates the test as a draft; 'Start Test' sets it running. */
export const createExperiment = (siteId: string, body: NewExperiment) =>
  pb.collection('experiments').create<ExperimentRecord>({ site_id: siteId, status: 'draft', ...body }, { requestKey: null });

/**
 * A draft copy of a test (a started test's variants are frozen: to change them, the owner
 * duplicates it and edits the copy), with the same page, element, variants, goals and settings.
 */
export const duplicateExperiment = (x: ExperimentRecord) =>
  pb.collection('experiments').create<ExperimentRecord>(
    {
      site_id: x.site_id,
      status: 'draft',
      name: `${x.name} (copy)`.slice(0, 200),
      hypothesis: x.hypothesis,
      url_pattern: x.url_pattern,
      selector: x.selector,
      variants: x.variants,
      test_type: x.test_type || 'ab',
      pages: x.pages,
      sections: x.sections,
      primary_goal: x.primary_goal,
      secondary_goals: x.secondary_goals ?? [],
      target_device: x.target_device || 'any',
      target_visitor: x.target_visitor || 'any',
      traffic: x.traffic,
      minimum_detectable_effect: x.minimum_detectable_effect,
      planned_sample_size: x.planned_sample_size,
      guardrails: x.guardrails ?? [],
      correction: x.correction,
      cuped_window_days: x.cuped_window_days,
      post_stratification: x.post_stratification,
      bandit: x.bandit,
      bandit_interval_hours: x.bandit_interval_hours,
      bandit_min_weight: x.bandit_min_weight,
    },
    { requestKey: null },
  );

/** Start, pause, resume: a status change the server checks. */
export const setExperimentStatus = (id: string, status: ExperimentRecord['status']) =>
  pb.collection('experiments').update<ExperimentRecord>(id, { status }, { requestKey: null });

/** Moves a running bandit's weights now (the server does it every bandit_interval_hours). */
export const reallocateBandit = (id: string) =>
  pb.send(`/api/cro/experiments/${encodeURIComponent(id)}/reallocate`, { method: 'POST', requestKey: null });

export const declareWinner = (id: string, variant: string) =>
  pb.send<{ ruleId: string }>(`/api/cro/experiments/${encodeURIComponent(id)}/declare-winner`, {
    method: 'POST',
    body: { variant },
    requestKey: null,
  });

/** The planner's answer: the baseline measured over the site's last 28 days and what the test needs. */
export interface TestPlan {
  /** Visitors each arm needs (95% two-sided, 80% power), from the server's statistics engine; null without a usable baseline. */
  perArm: number | null;
  total: number | null;
  /** The baseline planned with (typed, or else measured), 0-1. */
  baseline: number | null;
  /** The goal's conversions over the site's distinct visitors of the last `days` days; rate null without visitors. */
  measured: { days: number; visitors: number; converters: number; rate: number | null };
  /** The site's distinct visitors a day over those days. */
  dailyVisitors: number;
  /** Days the test needs at that traffic and the share in the test; null when unknown. */
  days: number | null;
  /** CUPED's variance reduction measured on the site's latest test of the goal; perArm is shrunk by it. */
  varianceReduction?: { experimentId: string; name: string; reduction: number } | null;
  perArmUnadjusted?: number | null;
}

export interface PlanInput {
  siteId: string;
  /** A goal id of the site, or 'revenue'. */
  goal: string;
  /** Smallest relative uplift to detect, 0-1. */
  mde: number;
  arms: number;
  /** Percent of the targeted visitors in the test. */
  traffic: number;
  /** The owner's own baseline (0-1) instead of the measured one. */
  baseline?: number;
}

/** Plans a test against the site's own traffic (GET /api/cro/experiments/plan). */
export const planTest = ({ siteId, goal, mde, arms, traffic, baseline }: PlanInput) =>
  pb.send<TestPlan>('/api/cro/experiments/plan', {
    query: { site: siteId, goal, mde, arms, traffic, ...(baseline === undefined ? {} : { baseline }) },
    requestKey: null,
  });
