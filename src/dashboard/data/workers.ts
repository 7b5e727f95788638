/** The current site's CRO workers (state and stats) from /api/cro/workers, and switching one. */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { errorMessage, errorStatus } from './errors';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export interface Worker {
  key: string;
  name: string;
  description: string;
  category: string;
  beta: boolean;
  enabled: boolean;
  ruleId: string;
  health: string;
}

export interface WorkersState {
  workers: Worker[];
  stats: {
    activeWorkers: number;
    appliedLastHour: number;
    meanApplyMs: number | null;
    errorFreeLoadsPct: number | null;
    pageLoads24h: number;
  };
}

const workersState = createLiveStore<WorkersState, string>({
  name: 'workers',
  key: $currentSiteId,
  load: (siteId) => pb.send<WorkersState>(`/api/cro/workers/${siteId}`, { requestKey: null }),
});

/** The workers and their stats; undefined while loading or when refused. */
export const $workers = computed(workersState, (s) => (errorStatus(s.error) === 403 ? undefined : s.value));

/** The server's reason when the plan does not include CRO Workers, else null. */
export const $workersRefused = computed(workersState, (s) =>
  errorStatus(s.error) === 403 ? errorMessage(s.error, 'CRO Workers requires the Enterprise & Ecom plan.') : null,
);

/** A load failure other than the plan's refusal, or null. */
export const $workersError = computed(workersState, (s) => (s.error && errorStatus(s.error) !== 403 ? s.error : null));

export async function toggleWorker(siteId: string, key: string, enabled: boolean): Promise<void> {
  await pb.send<WorkersState>('/api/cro/workers/toggle', { method: 'POST', body: { siteId, key, enabled }, requestKey: null });
  await workersState.refetch();
}
