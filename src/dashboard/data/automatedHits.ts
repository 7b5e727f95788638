/**
 * The current site's hits filtered as automated (robots, headless browsers: never stored as
 * visits) from GET /api/cro/automated-hits/{site}, for Speed & Tracking; refreshed every minute.
 */
import { computed, onMount } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export interface AutomatedHits {
  today: number;
  /** The last 7 days, today included (UTC). */
  last7Days: number;
}

const REFRESH_MS = 60 * 1000;

const automatedHitsState = createLiveStore<AutomatedHits | null, string>({
  name: 'automated hits',
  key: $currentSiteId,
  empty: null,
  load: (siteId) => pb.send<AutomatedHits>(`/api/cro/automated-hits/${encodeURIComponent(siteId)}`, { requestKey: null }),
});

/** The counts, null while loading; `$automatedHitsFailed` when they could not be loaded. */
export const $automatedHits = computed(automatedHitsState, (s) => s.value ?? null);
export const $automatedHitsFailed = computed(automatedHitsState, (s) => !!s.error);

onMount(automatedHitsState, () => {
  const timer = setInterval(() => void automatedHitsState.refetch(), REFRESH_MS);
  return () => clearInterval(timer);
});
