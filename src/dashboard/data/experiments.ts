/**
 * The current site's A/B tests, followed by realtime, with the statistics the server computes for
 * each started test (GET /api/cro/experiments/{id}/results), and the changes the dashboard makes.
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import type { ExperimentVariant } from '../../lib/experiments';
import { createCollectionStore, fieldIs } from './collectionStore';
import { createLiveStore } from './liveStore';
import type { ExperimentRecord, RecordModel } from './records';
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
  can_declare_winner: boolean;
}

export interface ExperimentResults {
  experimentId: string;
  status: ExperimentRecord['status'];
  goal: { id: string; name: string; type: string };
  variants: VariantResult[];
  srm: { observed: number[]; weights: number[]; p_value: number; srm_ok: boolean };
  guardrails?: { metric: string; breached: boolean; variant: string }[];
}

export interface GoalRecord extends RecordModel {
  site_id: string;
  name: string;
  type: string;
  enabled: boolean;
}

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

const goalsState = createCollectionStore<GoalRecord>({
  collection: 'goals',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: 'name',
});
/** The current site's goals, the tests' possible primary goals besides revenue. */
export const $goals = computed(goalsState, (s) => s.value ?? []);

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
}

/** Creates the test as a draft; 'Start Test' sets it running. */
export const createExperiment = (siteId: string, body: NewExperiment) =>
  pb.collection('experiments').create<ExperimentRecord>({ site_id: siteId, status: 'draft', ...body }, { requestKey: null });

/** Start, pause, resume: a status change the server checks. */
export const setExperimentStatus = (id: string, status: ExperimentRecord['status']) =>
  pb.collection('experiments').update<ExperimentRecord>(id, { status }, { requestKey: null });

export const declareWinner = (id: string, variant: string) =>
  pb.send<{ ruleId: string }>(`/api/cro/experiments/${encodeURIComponent(id)}/declare-winner`, {
    method: 'POST',
    body: { variant },
    requestKey: null,
  });

/** Visitors each arm needs (95% two-sided, 80% power), from the server's statistics engine. */
export const planSampleSize = (baseline: number, mde: number, arms: number) =>
  pb.send<{ perArm: number; total: number }>('/api/cro/experiments/plan', {
    query: { baseline, mde, arms },
    requestKey: null,
  });
