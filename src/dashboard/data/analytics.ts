/**
 * The current site's analytics report for the chosen range, from GET /api/cro/analytics/{site}
 * (rollups only); it reloads when new traffic arrives (the live record's last event moves).
 */
import { atom, computed, onMount } from 'nanostores';
import { pb } from '../../client/pb';
import type { AnalyticsReport, Range } from './analyticsReport';
import { $live } from './live';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export * from './analyticsReport';

const DEFAULT_RANGE: Range = 30;

/** The days the Analytics screen shows (7, 30 or 90). */
export const $analyticsRange = atom<Range>(DEFAULT_RANGE);

export const setAnalyticsRange = (days: Range) => $analyticsRange.set(days);

const $query = computed([$currentSiteId, $analyticsRange], (siteId, days) => (siteId ? `${siteId}:${days}` : null));

/** The report (`value` undefined while loading a site or range; `error` set when a load failed). */
export const $analytics = createLiveStore<AnalyticsReport, string>({
  name: 'analytics',
  key: $query,
  load: (query) => {
    const [siteId = '', days] = query.split(':');
    return pb.send<AnalyticsReport>(`/api/cro/analytics/${encodeURIComponent(siteId)}`, { query: { days }, requestKey: null });
  },
});

onMount($analytics, () => {
  const $lastEvent = computed($live, (live) => live?.last_event_at ?? null);
  const stop = $lastEvent.listen(() => void $analytics.refetch());
  return () => {
    stop();
    // The range lasts while the screen is open, as a screen's own state would.
    $analyticsRange.set(DEFAULT_RANGE);
  };
});
