/**
 * The current site's goals (Settings -> Goals, the Funnels screen's micro goals) and what its micro
 * goals earned over a range (GET /api/cro/micro-goals/{site}), refreshed every 30 seconds, on each
 * live push and when a goal changes.
 */
import { atom, computed, onMount } from 'nanostores';
import { pb } from '../../client/pb';
import type { GoalInput, GoalType } from '../../lib/goals';
import { createCollectionStore, fieldIs } from './collectionStore';
import { $live } from './live';
import { createLiveStore } from './liveStore';
import type { RecordModel } from './records';
import { $currentSiteId } from './sites';

export interface SiteGoalRecord extends RecordModel {
  site_id: string;
  name: string;
  type: GoalType;
  match: string;
  value: number;
  micro: boolean;
  enabled: boolean;
}

const goalsState = createCollectionStore<SiteGoalRecord>({
  collection: 'goals',
  key: $currentSiteId,
  filter: (siteId) => fieldIs('site_id', siteId),
  sort: 'created_at',
});

/** The current site's goals, oldest first; `undefined` while loading, `[]` if the load failed. */
export const $siteGoals = computed(goalsState, (s) => s.value ?? (s.error ? [] : undefined));
export const $siteGoalsError = computed(goalsState, (s) => s.error);

export const createGoal = (siteId: string, goal: GoalInput) =>
  pb.collection('goals').create<SiteGoalRecord>({ site_id: siteId, ...goal }, { requestKey: null });
export const updateGoal = (id: string, goal: Partial<GoalInput>) =>
  pb.collection('goals').update<SiteGoalRecord>(id, goal, { requestKey: null });
export const deleteGoal = (id: string) => pb.collection('goals').delete(id, { requestKey: null });

export interface MicroGoalFigures {
  id: string;
  name: string;
  type: GoalType;
  match: string;
  value: number;
  enabled: boolean;
  completions: number;
  points: number;
}

export interface MicroGoalsReport {
  days: number;
  from: string;
  to: string;
  timeZone: string;
  goals: MicroGoalFigures[];
  completions: number;
  points: number;
}

export const MICRO_RANGES = [7, 30, 90] as const;
export type MicroRange = (typeof MICRO_RANGES)[number];
/** The Funnels screen's chosen range of days. */
export const $microRange = atom<MicroRange>(7);

const microKey = computed([$currentSiteId, $microRange], (site, days) => (site ? `${site}|${days}` : null));

const microState = createLiveStore<MicroGoalsReport | null, string>({
  name: 'micro-goals',
  key: microKey,
  empty: null,
  realtime: [{ collection: 'goals' }],
  load: async (key) => {
    const [siteId, days] = key.split('|');
    return pb.send<MicroGoalsReport>(`/api/cro/micro-goals/${encodeURIComponent(siteId!)}?days=${days}`, { requestKey: null });
  },
});

/** The micro goals with their completions and points; `undefined` while loading, null without a site. */
export const $microGoals = computed(microState, (s) => s.value);
export const $microGoalsError = computed(microState, (s) => s.error);
export const refetchMicroGoals = () => microState.refetch();

onMount(microState, () => {
  const timer = setInterval(() => void microState.refetch(), 30_000);
  const stopLive = $live.listen(() => void microState.refetch());
  return () => {
    clearInterval(timer);
    stopLive();
  };
});
