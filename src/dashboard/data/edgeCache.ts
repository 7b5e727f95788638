/**
 * The current site's figures of the edge's cache (Settings -> DNS Records) and its purge. The
 * figures are the server's since it started; `enabled` is false when the edge does not cache.
 */
import { computed } from 'nanostores';
import { pb } from '../../client/pb';
import { createLiveStore } from './liveStore';
import { $currentSiteId } from './sites';

export interface EdgeCacheStats {
  enabled: boolean;
  entries?: number;
  bytes?: number;
  hits?: number;
  misses?: number;
  bytesFromCache?: number;
  /** Share of the site's requests answered from the cache (0-1); null before the first request. */
  hitRatio?: number | null;
}

const state = createLiveStore<EdgeCacheStats, string>({
  name: 'edge cache',
  key: $currentSiteId,
  load: (siteId) => pb.send<EdgeCacheStats>(`/api/cro/edge/${encodeURIComponent(siteId)}/cache`, { requestKey: null }),
});

/** The figures; `undefined` while loading or when they could not be read. */
export const $edgeCache = computed(state, (s) => s.value);

export const refreshEdgeCache = () => state.refetch();

/** Drops every file the edge keeps for the site; resolves to how many were dropped. */
export const purgeEdgeCache = (siteId: string) =>
  pb.send<{ purged: number }>(`/api/cro/edge/${encodeURIComponent(siteId)}/purge`, { method: 'POST', body: {}, requestKey: null });
